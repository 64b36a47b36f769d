import { soonEvents } from '@server/queries/soonEvents.ts';
import { GROUP_KEPT, soonFromKept } from '@server/queries/upcomingPage.ts';
import { copyTestEvent, createTestEvent, localIn, rsvp } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Home's 'Upcoming events' (GET /api/events/soon): the next three the member hosts, is going to or
 * waiting for, or that their groups hold, each at its first such occurrence, and only those the member
 * may see. On a server of its own, so every event is this file's.
 */
describe.each(dialects)("Home's next three events (%s)", (dialect) => {
  let server: TestServer;
  let viewer: GroupTestMember;
  let host: GroupTestMember;
  let owner: GroupTestMember;
  let groupSlug: string;
  const db = () => server.built.ctx.database.db;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    viewer = await groupTestMember(server, 'So Viewer');
    host = await groupTestMember(server, 'So Host');
    owner = await groupTestMember(server, 'So Owner');
    const other = await groupTestMember(server, 'So Other');
    const group = await createTestGroup(owner, { name: 'So supper club', privacy: 'private' });
    groupSlug = group.slug;
    await viewer.client.post(`/api/groups/${group.slug}/join`);
    await owner.client.post(`/api/groups/${group.slug}/requests/${viewer.id}`);
    const on = (days: number, fields: Record<string, unknown> = {}) => ({
      starts_local: localIn(days, '09:00'),
      ends_local: localIn(days, '10:00'),
      time_zone: 'UTC',
      ...fields,
    });
    const weekly = { repeat: 'weekly', repeat_until: localIn(40).slice(0, 10) };
    // Theirs: a weekly study they host, from day 6.
    await createTestEvent(viewer, { title: 'Hosted study', ...on(6, weekly) });
    // Answers: going on day 4; going to the second week of a weekly show (day 2 + 7); waiting on day 5.
    const going = await createTestEvent(host, { title: 'Going', ...on(4) });
    expect((await rsvp(viewer, going.id, { answer: 'going' })).status).toBe(200);
    const show = await createTestEvent(host, { title: 'Second week', ...on(2, weekly) });
    const dates = (await viewer.client.get(`/api/events/${show.id}`)).body.next_occurrences;
    expect((await rsvp(viewer, show.id, { answer: 'going', occurrence: dates[1] })).status).toBe(200);
    const full = await createTestEvent(host, { title: 'Waiting', ...on(5), capacity: 1 });
    expect((await rsvp(other, full.id, { answer: 'going' })).status).toBe(200);
    expect((await rsvp(viewer, full.id, { answer: 'going' })).body.viewer.answer).toBe('waitlist');
    // Their group's event on day 3, and one cancelled on day 1.
    await createTestEvent(owner, { title: 'Group supper', ...on(3), group_id: group.id });
    const cancelled = await createTestEvent(owner, { title: 'Cancelled', ...on(1), group_id: group.id });
    await owner.client.post(`/api/events/${cancelled.id}/cancel`, { reason: 'Snow' });
    // Not theirs: only interested on day 1, and someone else's event on day 1.
    const maybe = await createTestEvent(host, { title: 'Interested', ...on(1) });
    expect((await rsvp(viewer, maybe.id, { answer: 'interested' })).status).toBe(200);
    await createTestEvent(other, { title: 'Elsewhere', ...on(1) });
  });
  afterAll(async () => {
    await server.close();
  });

  const soon = async () =>
    (await viewer.client.get('/api/events/soon')).body.events.map(
      (e: { title: string; starts_local: string }) => `${e.title} ${e.starts_local}`,
    );

  // The page cut from the kept group lists (soonFromKept, what the route answers) against the database's.
  const same = async (member: GroupTestMember) => {
    const cut = await soonFromKept(db(), member.id);
    expect(cut, member.username).not.toBeNull();
    expect(JSON.parse(cut!)).toEqual(JSON.parse(JSON.stringify(await soonEvents(db(), member.id))));
  };

  it('is the page the database reads, for each member', async () => {
    for (const member of [viewer, host, owner]) await same(member);
  });

  it('holds the soonest three of theirs, each at its own occurrence, and follows membership and blocks', async () => {
    expect(await soon()).toEqual([
      `Group supper ${localIn(3, '09:00')}`,
      `Going ${localIn(4, '09:00')}`,
      `Waiting ${localIn(5, '09:00')}`,
    ]);
    // Out of the group: its event leaves; the hosted study and the show's second week come up.
    expect((await viewer.client.request('DELETE', `/api/groups/${groupSlug}/membership`)).status).toBe(200);
    expect(await soon()).toEqual([
      `Going ${localIn(4, '09:00')}`,
      `Waiting ${localIn(5, '09:00')}`,
      `Hosted study ${localIn(6, '09:00')}`,
    ]);
    // The host blocks them: none of the host's events is theirs to see any more.
    expect((await host.client.request('PUT', `/api/blocks/${viewer.id}`)).status).toBe(200);
    expect(await soon()).toEqual([`Hosted study ${localIn(6, '09:00')}`]);
    expect((await host.client.request('DELETE', `/api/blocks/${viewer.id}`)).status).toBe(200);
    expect((await viewer.client.request('PUT', `/api/blocks/${host.id}`)).status).toBe(200);
    expect(await soon()).toEqual([`Hosted study ${localIn(6, '09:00')}`]);
    expect((await viewer.client.request('DELETE', `/api/blocks/${host.id}`)).status).toBe(200);
    // Leaving the show's second week and the first two: the study, then the show at day 9.
    const page = (await viewer.client.get('/api/events?tab=going')).body.events as Array<{
      id: string;
      title: string;
    }>;
    for (const event of page.filter((e) => e.title !== 'Second week')) {
      expect((await rsvp(viewer, event.id, { answer: 'not_going' })).status).toBe(200);
    }
    expect(await soon()).toEqual([
      `Hosted study ${localIn(6, '09:00')}`,
      `Second week ${localIn(9, '09:00')}`,
    ]);
  });

  it("reads the database when a group's kept events cannot tell", async () => {
    const runner = await groupTestMember(server, 'So Runner');
    const blocker = await groupTestMember(server, 'So Blocker');
    const group = await createTestGroup(runner, { name: 'So busy club', privacy: 'private' });
    await blocker.client.post(`/api/groups/${group.slug}/join`);
    await runner.client.post(`/api/groups/${group.slug}/requests/${blocker.id}`);
    // More of the runner's events in the group than a node keeps of a group (written straight in:
    // more than a member may create in a day).
    const first = await createTestEvent(runner, {
      title: 'Busy 0',
      starts_local: localIn(2, '09:00'),
      ends_local: localIn(2, '10:00'),
      time_zone: 'UTC',
      group_id: group.id,
    });
    await copyTestEvent(
      db(),
      first.id,
      Array.from({ length: GROUP_KEPT + 1 }, (_, i) => ({ title: `Busy ${i + 1}`, hoursAfter: i + 1 })),
    );
    // The runner's three come from the group's list.
    await same(runner);
    // The blocker hides every one of them: the kept list cannot say what lies past its last.
    expect((await blocker.client.request('PUT', `/api/blocks/${runner.id}`)).status).toBe(200);
    expect(await soonFromKept(db(), blocker.id)).toBeNull();
    const res = await blocker.client.get('/api/events/soon');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ events: [], next_cursor: null });
  });

  it("skips the member's soonest answers that are hidden from them or cancelled, however many", async () => {
    // Seven answers to one host's events, the soonest of all, then a cancelled one: once the member
    // blocks that host, the three come from after all eight.
    const goer = await groupTestMember(server, 'So Goer');
    const hidden = await groupTestMember(server, 'So Hidden');
    const later = await groupTestMember(server, 'So Later');
    const at = (days: number, hour: string) => ({
      starts_local: localIn(days, hour),
      ends_local: localIn(days, `${hour.slice(0, 2)}:30`),
      time_zone: 'UTC',
    });
    for (let i = 0; i < 7; i += 1) {
      const event = await createTestEvent(hidden, { title: `Hidden ${i}`, ...at(1, `0${i + 1}:00`) });
      expect((await rsvp(goer, event.id, { answer: 'going' })).status).toBe(200);
    }
    const cancelled = await createTestEvent(later, { title: 'Later cancelled', ...at(2, '08:00') });
    expect((await rsvp(goer, cancelled.id, { answer: 'going' })).status).toBe(200);
    expect((await later.client.post(`/api/events/${cancelled.id}/cancel`, { reason: 'Rain' })).status).toBe(
      200,
    );
    for (const [i, day] of [3, 4, 5, 6].entries()) {
      const event = await createTestEvent(later, { title: `Later ${i}`, ...at(day, '09:00') });
      expect((await rsvp(goer, event.id, { answer: 'going' })).status).toBe(200);
    }
    const titles = async () =>
      JSON.parse((await soonFromKept(db(), goer.id))!).events.map((e: { title: string }) => e.title);
    expect(await titles()).toEqual(['Hidden 0', 'Hidden 1', 'Hidden 2']);
    await same(goer);
    expect((await goer.client.request('PUT', `/api/blocks/${hidden.id}`)).status).toBe(200);
    expect(await titles()).toEqual(['Later 0', 'Later 1', 'Later 2']);
    await same(goer);
  });
});
