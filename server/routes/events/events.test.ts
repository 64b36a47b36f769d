import { createTestEvent, eventInput, localIn, rsvp } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Events (issue 26): creating with the form's times in the event's zone, the lists, answers with a
 * capacity and its waitlist, a weekly event's occurrences across a DST change, editing, cancelling,
 * and who may see or run an event.
 */
describe.each(dialects)('events (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });
  const member = (name: string): Promise<GroupTestMember> => groupTestMember(server, name);
  const notificationsOf = async (m: GroupTestMember) =>
    (await m.client.get('/api/notifications')).body.notifications as Array<{
      type: string;
      message: string | null;
      event: { id: string; title: string } | null;
    }>;

  it('creates an event from wall-clock times in its zone and shows it on its page and in Upcoming', async () => {
    const host = await member('Ho Host');
    const starts = localIn(5, '18:30');
    const created = await createTestEvent(host, {
      title: '  Supper club  ',
      category: 'food',
      starts_local: starts,
      ends_local: localIn(5, '21:00'),
      time_zone: 'Europe/Berlin',
      capacity: 12,
      ticket_url: 'https://tickets.example.com/supper',
    });
    expect(created).toMatchObject({
      title: 'Supper club',
      category: 'food',
      starts_local: starts,
      time_zone: 'Europe/Berlin',
      place: 'in_person',
      venue: 'Grace Church hall',
      capacity: 12,
      spots_left: 12,
      going_count: 0,
      cancelled: null,
      group: null,
      host: { username: host.username },
      viewer: { answer: null, guests: 0, waitlist_position: null, may_manage: true },
    });
    // 18:30 in Berlin is 17:30 or 16:30 UTC, depending on the season.
    const offsetHours = (Date.parse(`${starts}:00Z`) - Date.parse(created.starts_at)) / 3_600_000;
    expect([1, 2]).toContain(offsetHours);
    const other = await member('Ot Other');
    const page = await other.client.get(`/api/events/${created.id}`);
    expect(page.status).toBe(200);
    expect(page.body.viewer.may_manage).toBe(false);
    const list = await other.client.get('/api/events?tab=upcoming&category=food');
    expect(list.body.events.map((e: { id: string }) => e.id)).toContain(created.id);
    const faith = await other.client.get('/api/events?category=faith');
    expect(faith.body.events.map((e: { id: string }) => e.id)).not.toContain(created.id);
  });

  it('refuses bad input with a 4xx that says what to fix, and creates nothing', async () => {
    const host = await member('Ba Bad');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '   ' }, 'event_title_required'],
      [{ title: 'x'.repeat(101) }, 'text_too_long'],
      [{ title: 'Nul\u0000' }, 'text_nul'],
      [{ description: 'd'.repeat(2001) }, 'text_too_long'],
      [{ starts_local: '2027-02-30T10:00' }, 'event_time_invalid'],
      [{ starts_local: 'tomorrow' }, 'event_time_invalid'],
      [{ time_zone: 'Mars/Olympus' }, 'event_zone_invalid'],
      [{ ends_local: localIn(3, '18:00') }, 'event_ends_before_start'],
      [{ ends_local: localIn(11, '18:00') }, 'event_too_long'],
      [{ starts_local: localIn(-2, '10:00'), ends_local: localIn(-2, '11:00') }, 'event_in_past'],
      [{ repeat: 'daily' }, 'event_repeat_invalid'],
      [{ repeat: 'weekly' }, 'event_repeat_until_required'],
      [{ repeat: 'weekly', repeat_until: localIn(400).slice(0, 10) }, 'event_repeat_until_invalid'],
      [{ category: 'sports' }, 'event_category_invalid'],
      [{ place: 'moon' }, 'event_place_invalid'],
      [{ venue: '' }, 'event_venue_required'],
      [{ place: 'link', online_url: 'javascript:alert(1)' }, 'event_link_invalid'],
      [{ place: 'link' }, 'event_link_invalid'],
      [{ ticket_url: 'ftp://example.com/t' }, 'event_link_invalid'],
      [{ capacity: 0 }, 'event_capacity_invalid'],
      [{ capacity: 1.5 }, 'event_capacity_invalid'],
      [{ capacity: '10' }, 'event_capacity_invalid'],
      [{ group_id: 'no-such-group' }, 'group_not_found'],
      [{ cover_media_id: 'no-such-upload' }, 'invalid_media'],
      [{ extra: 1 }, 'unknown_field'],
    ];
    for (const [fields, code] of cases) {
      const res = await host.client.post('/api/events', eventInput(fields));
      expect(res.status, code).toBeGreaterThanOrEqual(400);
      expect(res.status, code).toBeLessThan(500);
      expect(res.body.error.code, JSON.stringify(fields)).toBe(code);
    }
    const mine = await host.client.get('/api/events?tab=upcoming');
    expect(mine.body.events.filter((e: { host: { id: string } }) => e.host.id === host.id)).toEqual([]);
    for (const path of ['/api/events/%2e%2e', '/api/events/a%00b', '/api/events/no-such-event']) {
      expect((await host.client.get(path)).status, path).toBe(404);
    }
    expect((await host.client.get('/api/events?tab=later')).body.error.code).toBe('event_tab_invalid');
    expect((await host.client.get('/api/events?lat=10')).body.error.code).toBe('event_near_invalid');
  });

  it('a cover must be a photo of the host and is shown on the event', async () => {
    const host = await member('Co Cover');
    const photo = await uploadPhoto(server, host.client);
    const event = await createTestEvent(host, { cover_media_id: photo.id });
    expect((event as unknown as { cover_url: string }).cover_url).toMatch(/^http|^\//);
    const again = await host.client.post('/api/events', eventInput({ cover_media_id: photo.id }));
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('event_cover_in_use');
  });

  it('counts guests against the capacity, keeps a waitlist in order and moves the first who fits up', async () => {
    const host = await member('Ca Capacity');
    const [ana, ben, cy] = await Promise.all([member('An Ana'), member('Be Ben'), member('Cy Cy')]);
    const event = await createTestEvent(host, { capacity: 2 });
    const first = await rsvp(ana, event.id, { answer: 'going' });
    expect(first.body).toMatchObject({ going_count: 1, spots_left: 1, viewer: { answer: 'going' } });
    // Ben and a guest need two seats: only one is left.
    const second = await rsvp(ben, event.id, { answer: 'going', guests: 1 });
    expect(second.body).toMatchObject({
      going_count: 1,
      viewer: { answer: 'waitlist', waitlist_position: 1 },
    });
    const third = await rsvp(cy, event.id, { answer: 'going', guests: 1 });
    expect(third.body.viewer).toMatchObject({ answer: 'waitlist', waitlist_position: 2 });
    expect((await rsvp(cy, event.id, { answer: 'interested' })).body.interested_count).toBe(1);
    // Ana leaves: Ben's party fits and goes; he is told.
    const left = await rsvp(ana, event.id, { answer: 'not_going' });
    expect(left.body).toMatchObject({ going_count: 2, spots_left: 0, viewer: { answer: 'not_going' } });
    const bens = await ben.client.get(`/api/events/${event.id}`);
    expect(bens.body.viewer).toMatchObject({ answer: 'going', guests: 1, waitlist_position: null });
    expect(bens.body.attendees.map((p: { id: string }) => p.id)).toEqual([ben.id]);
    const told = await notificationsOf(ben);
    expect(told[0]).toMatchObject({ type: 'event_spot', event: { id: event.id, title: 'Bible study' } });
    // A going member cannot bring guests there is no room for; the answer stays as it was.
    const more = await rsvp(ben, event.id, { answer: 'going', guests: 3 });
    expect(more.status).toBe(409);
    expect(more.body.error).toMatchObject({ code: 'event_guests_no_room', params: { left: 1 } });
    expect((await ben.client.get(`/api/events/${event.id}`)).body.viewer.guests).toBe(1);
    // Bad answers change nothing.
    for (const [body, code] of [
      [{ answer: 'maybe' }, 'event_answer_invalid'],
      [{ answer: 'going', guests: 6 }, 'event_guests_invalid'],
      [{ answer: 'going', guests: -1 }, 'event_guests_invalid'],
      [{ answer: 'going', occurrence: 'soon' }, 'event_occurrence_invalid'],
      [{ answer: 'going', occurrence: '2031-01-01T00:00:00.000Z' }, 'event_occurrence_invalid'],
    ] as const) {
      const res = await rsvp(ana, event.id, body);
      expect(res.status, code).toBe(400);
      expect(res.body.error.code).toBe(code);
    }
    expect((await ana.client.get(`/api/events/${event.id}`)).body.viewer.answer).toBe('not_going');
  });

  it('gives the last seat to exactly one of two members answering at the same moment', async () => {
    const host = await member('La Last');
    const event = await createTestEvent(host, { capacity: 1 });
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => member(`Ra Racer${i}`)));
    const answers = await Promise.all(racers.map((m) => rsvp(m, event.id, { answer: 'going' })));
    expect(answers.map((a) => a.status)).toEqual(racers.map(() => 200));
    const standings = answers.map((a) => a.body.viewer.answer as string);
    expect(standings.filter((s) => s === 'going')).toHaveLength(1);
    expect(standings.filter((s) => s === 'waitlist')).toHaveLength(5);
    const page = await host.client.get(`/api/events/${event.id}`);
    expect(page.body).toMatchObject({ going_count: 1, spots_left: 0 });
  });

  it('keeps a weekly event at its local time across a DST change, with answers per occurrence', async () => {
    const host = await member('We Weekly');
    // US clocks go forward on 2027-03-14: 10:00 in New York is 15:00 UTC before, 14:00 UTC after.
    const event = await createTestEvent(host, {
      title: 'Sunday service',
      starts_local: '2027-03-07T10:00',
      ends_local: '2027-03-07T11:30',
      time_zone: 'America/New_York',
      repeat: 'weekly',
      repeat_until: '2027-03-21',
    });
    expect(event.next_occurrences).toEqual([
      '2027-03-07T15:00:00.000Z',
      '2027-03-14T14:00:00.000Z',
      '2027-03-21T14:00:00.000Z',
    ]);
    const guest = await member('Gu Guest');
    const second = await rsvp(guest, event.id, { answer: 'going', occurrence: '2027-03-14T14:00:00.000Z' });
    expect(second.body).toMatchObject({
      starts_at: '2027-03-14T14:00:00.000Z',
      ends_at: '2027-03-14T15:30:00.000Z',
      starts_local: '2027-03-14T10:00',
      going_count: 1,
      viewer: { answer: 'going' },
    });
    const firstWeek = await guest.client.get(`/api/events/${event.id}`);
    expect(firstWeek.body).toMatchObject({ starts_at: '2027-03-07T15:00:00.000Z', going_count: 0 });
    const going = await guest.client.get('/api/events?tab=going');
    expect(going.body.events.map((e: { starts_at: string }) => e.starts_at)).toEqual([
      '2027-03-14T14:00:00.000Z',
    ]);
    // 'Find Shows'-style day filter: the occurrence starting on that local day.
    const day = await guest.client.get(`/api/events?date=2027-03-21&tz=America/New_York`);
    const found = day.body.events.find((e: { id: string }) => e.id === event.id);
    expect(found.starts_at).toBe('2027-03-21T14:00:00.000Z');
  });

  it('lets the host and the group admins edit; moving the event moves the answers and tells attendees', async () => {
    const owner = await member('Gr Owner');
    const group = await createTestGroup(owner, { name: 'Edit study', privacy: 'public' });
    const host = await member('Ed Host');
    await host.client.post(`/api/groups/${group.slug}/join`);
    const event = await createTestEvent(host, { group_id: group.id, capacity: 5 });
    const guest = await member('Ed Guest');
    await rsvp(guest, event.id, { answer: 'going', guests: 2 });
    const stranger = await member('Ed Stranger');
    const refused = await stranger.client.request(
      'PUT',
      `/api/events/${event.id}`,
      eventInput({ title: 'Mine' }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('event_hosts_only');
    const moved = await owner.client.request(
      'PUT',
      `/api/events/${event.id}`,
      eventInput({
        title: 'Bible study (moved)',
        starts_local: localIn(4, '19:00'),
        ends_local: localIn(4, '21:00'),
        capacity: 5,
      }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({
      title: 'Bible study (moved)',
      going_count: 3,
      group: { slug: group.slug },
    });
    expect((await guest.client.get(`/api/events/${event.id}`)).body.viewer).toMatchObject({
      answer: 'going',
      guests: 2,
    });
    expect((await notificationsOf(guest))[0]).toMatchObject({
      type: 'event_changed',
      event: { id: event.id },
    });
  });

  it('cancels with a reason: attendees are told, answers stop, Upcoming drops it', async () => {
    const host = await member('Cn Host');
    const event = await createTestEvent(host, { title: 'Open mic', category: 'comedy' });
    const [fan, curious] = await Promise.all([member('Cn Fan'), member('Cn Curious')]);
    await rsvp(fan, event.id, { answer: 'going' });
    await rsvp(curious, event.id, { answer: 'interested' });
    expect((await fan.client.post(`/api/events/${event.id}/cancel`, { reason: 'Mine' })).status).toBe(403);
    expect((await host.client.post(`/api/events/${event.id}/cancel`, { reason: '  ' })).body.error.code).toBe(
      'event_reason_required',
    );
    const cancelled = await host.client.post(`/api/events/${event.id}/cancel`, {
      reason: 'The venue flooded',
    });
    expect(cancelled.body.cancelled).toMatchObject({ reason: 'The venue flooded' });
    for (const m of [fan, curious]) {
      expect((await notificationsOf(m))[0]).toMatchObject({
        type: 'event_cancelled',
        message: 'The venue flooded',
        event: { id: event.id, title: 'Open mic' },
      });
    }
    expect((await rsvp(curious, event.id, { answer: 'going' })).body.error.code).toBe('event_cancelled');
    const upcoming = await fan.client.get('/api/events');
    expect(upcoming.body.events.map((e: { id: string }) => e.id)).not.toContain(event.id);
    const going = await fan.client.get('/api/events?tab=going');
    expect(going.body.events.find((e: { id: string }) => e.id === event.id).cancelled.reason).toBe(
      'The venue flooded',
    );
  });

  it('messages going members at most three times a day', async () => {
    const host = await member('Ms Host');
    const event = await createTestEvent(host);
    const [going, maybe] = await Promise.all([member('Ms Going'), member('Ms Maybe')]);
    await rsvp(going, event.id, { answer: 'going' });
    await rsvp(maybe, event.id, { answer: 'interested' });
    for (let i = 1; i <= 3; i += 1) {
      const sent = await host.client.post(`/api/events/${event.id}/messages`, { text: `Bring a chair ${i}` });
      expect(sent.status).toBe(204);
    }
    const fourth = await host.client.post(`/api/events/${event.id}/messages`, { text: 'One more' });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('event_message_limit');
    const lines = (await notificationsOf(going)).filter((n) => n.type === 'event_message');
    expect(lines.map((n) => n.message)).toEqual(['Bring a chair 3', 'Bring a chair 2', 'Bring a chair 1']);
    expect((await notificationsOf(maybe)).filter((n) => n.type === 'event_message')).toEqual([]);
    expect((await going.client.post(`/api/events/${event.id}/messages`, { text: 'hi' })).status).toBe(403);
  });

  it("follows its group's privacy and blocks everywhere: lists, page, answers and the .ics file", async () => {
    const owner = await member('Pv Owner');
    const group = await createTestGroup(owner, { name: 'Prayer team', privacy: 'private' });
    const event = await createTestEvent(owner, { title: 'Prayer vigil', group_id: group.id });
    const outsider = await member('Pv Outsider');
    for (const path of [`/api/events/${event.id}`, `/api/events/${event.id}/calendar.ics`]) {
      expect((await outsider.client.get(path)).status, path).toBe(404);
    }
    expect((await rsvp(outsider, event.id, { answer: 'going' })).status).toBe(404);
    const lists = await Promise.all(
      ['upcoming', 'going'].map((tab) => outsider.client.get(`/api/events?tab=${tab}`)),
    );
    for (const list of lists)
      expect(list.body.events.map((e: { id: string }) => e.id)).not.toContain(event.id);
    // Only members of the group may put an event in it.
    const notIn = await outsider.client.post('/api/events', eventInput({ group_id: group.id }));
    expect(notIn.status).toBe(403);
    // A member of the group sees it, and Home's next three hold it.
    await outsider.client.post(`/api/groups/${group.slug}/join`);
    const joiner = outsider;
    await owner.client.post(`/api/groups/${group.slug}/requests/${joiner.id}`);
    expect((await joiner.client.get(`/api/events/${event.id}`)).status).toBe(200);
    expect(
      (await joiner.client.get('/api/events/soon')).body.events.map((e: { id: string }) => e.id),
    ).toContain(event.id);
    // Blocks: the blocked member sees none of the blocker's events, and the blocker not their answers.
    const host = await member('Bl Host');
    const open = await createTestEvent(host, { title: 'Open event' });
    const blocked = await member('Bl Blocked');
    await rsvp(blocked, open.id, { answer: 'going' });
    await host.client.request('PUT', `/api/blocks/${blocked.id}`, {});
    expect((await blocked.client.get(`/api/events/${open.id}`)).status).toBe(404);
    const seen = await host.client.get(`/api/events/${open.id}`);
    expect(seen.body.attendees).toEqual([]);
    expect(seen.body.going_count).toBe(1);
  });

  it('needs a session for everything', async () => {
    const host = await member('Se Session');
    const event = await createTestEvent(host);
    const visitor = new TestClient(server.baseUrl);
    for (const path of [
      '/api/events',
      '/api/events/soon',
      `/api/events/${event.id}`,
      `/api/events/${event.id}/calendar.ics`,
    ]) {
      expect((await visitor.get(path)).status, path).toBe(401);
    }
    expect((await visitor.request('PUT', `/api/events/${event.id}/rsvp`, { answer: 'going' })).status).toBe(
      401,
    );
  });
});
