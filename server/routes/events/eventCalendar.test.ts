import { createTestEvent, rsvp } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * 'Add to calendar' (issue 26): the .ics file read back by an independent iCalendar library (Mozilla's
 * ical.js), which must find the title, the start and end in the event's zone, the place, the link and,
 * for a weekly event, its rule and dates across a DST change.
 */
describe.each(dialects)('event calendar files (%s)', (dialect) => {
  let server: TestServer;
  let host: GroupTestMember;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    host = await groupTestMember(server, 'Ic Host');
  });
  afterAll(async () => {
    await server.close();
  });

  async function parsedCalendar(eventId: string) {
    const res = await host.client.get(`/api/events/${eventId}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="event-.*\.ics"/);
    const calendar = new ICAL.Component(ICAL.parse(res.body as string));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    }
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    return new ICAL.Event(vevents[0]!);
  }

  it('a single event: title, zone-aware start and end, place and link', async () => {
    const event = await createTestEvent(host, {
      title: 'Potluck, with "quotes"; and commas',
      starts_local: '2027-07-04T17:00',
      ends_local: '2027-07-04T20:30',
      time_zone: 'America/Los_Angeles',
      venue: 'Park shelter 3',
      address: '',
    });
    const vevent = await parsedCalendar(event.id);
    expect(vevent.summary).toBe('Potluck, with "quotes"; and commas');
    expect(vevent.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/Los_Angeles');
    expect(vevent.startDate.zone.tzid).toBe('America/Los_Angeles');
    expect(vevent.startDate.toString()).toBe('2027-07-04T17:00:00');
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2027-07-05T00:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2027-07-05T03:30:00.000Z');
    expect(vevent.location).toBe('Park shelter 3');
    expect(vevent.component.getFirstPropertyValue('url')).toBe(`${server.baseUrl}/events/${event.id}`);
    expect(vevent.isRecurring()).toBe(false);
  });

  it('a weekly event: its rule, and each date at the same local time across DST', async () => {
    const event = await createTestEvent(host, {
      title: 'Wednesday study',
      starts_local: '2027-10-20T19:00',
      ends_local: '2027-10-20T20:00',
      time_zone: 'Europe/London',
      repeat: 'weekly',
      repeat_until: '2027-11-10',
      place: 'link',
      online_url: 'https://meet.example.com/study',
    });
    const vevent = await parsedCalendar(event.id);
    expect(vevent.isRecurring()).toBe(true);
    expect(vevent.location).toBe('https://meet.example.com/study');
    const rule = vevent.component.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.freq).toBe('WEEKLY');
    const starts: string[] = [];
    const iterator = vevent.iterator();
    for (let next = iterator.next(); next && starts.length < 10; next = iterator.next()) {
      starts.push(next.toJSDate().toISOString());
    }
    // British Summer Time ends on 2027-10-31: 19:00 is 18:00 UTC before, 19:00 UTC after.
    expect(starts).toEqual([
      '2027-10-20T18:00:00.000Z',
      '2027-10-27T18:00:00.000Z',
      '2027-11-03T19:00:00.000Z',
      '2027-11-10T19:00:00.000Z',
    ]);
    expect(starts).toEqual((await host.client.get(`/api/events/${event.id}`)).body.next_occurrences);
  });
});

describe.each(dialects)('the private calendar feed (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  /** The feed fetched the way a calendar app does: no cookie, just the address. */
  async function feedOf(url: string) {
    const res = await fetch(url.replace(/^http:\/\/[^/]+/, server.baseUrl));
    const body = await res.text();
    if (res.status !== 200) return { status: res.status, titles: [] as string[] };
    const calendar = new ICAL.Component(ICAL.parse(body));
    const titles = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);
    return { status: res.status, titles: titles.sort() };
  }

  it('holds what the member is going to or interested in and may see, works without a session, and resets', async () => {
    const host = await groupTestMember(server, 'Cf Host');
    const fan = await groupTestMember(server, 'Cf Fan');
    const going = await createTestEvent(host, { title: 'Going one' });
    const maybe = await createTestEvent(host, { title: 'Maybe one' });
    const notMine = await createTestEvent(host, { title: 'Not mine' });
    const group = await createTestGroup(host, { name: 'Feed group', privacy: 'private' });
    await fan.client.post(`/api/groups/${group.slug}/join`);
    await host.client.post(`/api/groups/${group.slug}/requests/${fan.id}`);
    const inGroup = await createTestEvent(host, { title: 'Group one', group_id: group.id });
    await rsvp(fan, going.id, { answer: 'going' });
    await rsvp(fan, maybe.id, { answer: 'interested' });
    await rsvp(fan, inGroup.id, { answer: 'going' });
    await rsvp(fan, notMine.id, { answer: 'not_going' });
    const addresses = (await fan.client.get('/api/settings/calendar')).body as {
      https_url: string;
      webcal_url: string;
    };
    expect(addresses.https_url).toMatch(/^http:\/\/.+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(addresses.webcal_url).toBe(addresses.https_url.replace(/^http:/, 'webcal:'));
    expect((await fan.client.get('/api/settings/calendar')).body).toEqual(addresses);
    expect(await feedOf(addresses.https_url)).toEqual({
      status: 200,
      titles: ['Going one', 'Group one', 'Maybe one'],
    });
    // Out of the group: its event leaves the feed at once.
    await fan.client.request('DELETE', `/api/groups/${group.slug}/membership`);
    expect((await feedOf(addresses.https_url)).titles).toEqual(['Going one', 'Maybe one']);
    // A reset: the old address is dead, the new one works.
    const reset = (await fan.client.post('/api/settings/calendar/reset')).body as { https_url: string };
    expect(reset.https_url).not.toBe(addresses.https_url);
    expect((await feedOf(addresses.https_url)).status).toBe(404);
    expect((await feedOf(reset.https_url)).titles).toEqual(['Going one', 'Maybe one']);
    for (const bad of ['nope.ics', `${'A'.repeat(43)}.ics`, '%2e%2e', `${'A'.repeat(42)}%00.ics`]) {
      expect((await fetch(`${server.baseUrl}/calendar/${bad}`)).status, bad).toBe(404);
    }
    expect((await new TestClient(server.baseUrl).get('/api/settings/calendar')).status).toBe(401);
  });
});
