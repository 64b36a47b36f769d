import { EVENT_CATEGORIES } from '@common/schemas/events.ts';
import { listEvents } from '@server/queries/events.ts';
import { GROUP_KEPT, upcomingFirstPage } from '@server/queries/upcomingPage.ts';
import { copyTestEvent, createTestEvent, eventInput, localIn, rsvp } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Upcoming's and 'Near me''s first page cut from the events a node keeps (queries/upcomingPage.ts): the
 * same page as the database's (listEvents) for every kind of viewer, category, point and page size, and
 * never older than a command this node committed. On a server of its own, so every event is this file's.
 */
describe.each(dialects)('the kept Upcoming page (%s)', (dialect) => {
  let server: TestServer;
  let viewer: GroupTestMember;
  let stranger: GroupTestMember;
  let blockedHost: GroupTestMember;
  let owner: GroupTestMember;
  const ids: Record<string, string> = {};
  const db = () => server.built.ctx.database.db;
  const chicago = { lat: 41.88, lng: -87.63, km: 25 };
  // Where the events are: most near Chicago, one in the box's corner (farther than 25 km), one far away.
  const places: Record<string, [number, number]> = {
    weekly: [41.885, -87.63],
    'public group': [41.9, -87.65],
    'private group': [41.7, -87.62],
    'secret group': [41.88, -87.64],
    'viewer hosts': [41.89, -87.6],
    'blocked host': [41.87, -87.62],
    capacity: [41.86, -87.61],
    'same start': [42.09, -87.34],
    later: [43.04, -87.91],
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    viewer = await groupTestMember(server, 'Up Viewer');
    stranger = await groupTestMember(server, 'Up Stranger');
    blockedHost = await groupTestMember(server, 'Up Blocked');
    owner = await groupTestMember(server, 'Up Owner');
    const publicGroup = await createTestGroup(owner, { name: 'Open supper club', privacy: 'public' });
    const privateGroup = await createTestGroup(owner, { name: 'Prayer team', privacy: 'private' });
    const secretGroup = await createTestGroup(owner, { name: 'Elders', privacy: 'secret' });
    // The viewer runs a private group of their own and belongs to the owner's private one.
    const viewersGroup = await createTestGroup(viewer, { name: 'Viewer study', privacy: 'private' });
    await viewer.client.post(`/api/groups/${privateGroup.slug}/join`);
    await owner.client.post(`/api/groups/${privateGroup.slug}/requests/${viewer.id}`);
    const at = (days: number, hour = '09:00') => ({
      starts_local: localIn(days, hour),
      ends_local: localIn(days, hour.replace(/^0?9/, '10')),
      time_zone: 'UTC',
    });
    const made: Array<[string, GroupTestMember, Record<string, unknown>]> = [
      ['weekly', owner, { ...at(1), repeat: 'weekly', repeat_until: localIn(40).slice(0, 10) }],
      ['public group', owner, { ...at(2), group_id: publicGroup.id, category: 'food' }],
      ['private group', owner, { ...at(2, '09:30'), group_id: privateGroup.id }],
      ['secret group', owner, { ...at(3), group_id: secretGroup.id, category: 'comedy' }],
      ['viewer hosts', viewer, { ...at(3, '09:30'), group_id: viewersGroup.id, category: 'community' }],
      ['blocked host', blockedHost, { ...at(4), category: 'food' }],
      ['capacity', owner, { ...at(5), capacity: 3, category: 'comedy' }],
      ['later', owner, { ...at(6), category: 'community' }],
      ['same start', stranger, { ...at(6) }],
    ];
    for (const [name, host, fields] of made) {
      ids[name] = (await createTestEvent(host, { title: name, ...fields })).id;
      const place = places[name];
      if (place) {
        await db()
          .updateTable('events')
          .set({ place: 'in_person', lat: place[0], lng: place[1], address: 'Somewhere' })
          .where('id', '=', ids[name]!)
          .execute();
      }
    }
    expect((await viewer.client.request('PUT', `/api/blocks/${blockedHost.id}`)).status).toBe(200);
    expect((await rsvp(viewer, ids.capacity!, { answer: 'going', guests: 1 })).status).toBe(200);
    expect((await rsvp(viewer, ids.later!, { answer: 'interested' })).status).toBe(200);
    expect((await rsvp(stranger, ids.capacity!, { answer: 'going' })).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  type Category = (typeof EVENT_CATEGORIES)[number];
  const expected = async (who: GroupTestMember, category?: Category, limit = 20, near?: typeof chicago) =>
    JSON.parse(JSON.stringify(await listEvents(db(), who.id, { tab: 'upcoming', category, limit, near })));

  it('is the page the database reads, for every kind of viewer, category and page size', async () => {
    for (const who of [viewer, stranger, blockedHost, owner]) {
      for (const category of [undefined, ...EVENT_CATEGORIES]) {
        for (const limit of [1, 2, 5, 20]) {
          for (const near of [undefined, chicago]) {
            const cut = await upcomingFirstPage(db(), who.id, { category, near }, limit);
            const named = `${who.username} ${category} ${limit} ${near ? 'near' : ''}`;
            expect(cut, named).not.toBeNull();
            expect(JSON.parse(cut!), named).toEqual(await expected(who, category, limit, near));
          }
        }
      }
      const res = await who.client.get('/api/events');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(await expected(who));
    }
    // What the viewer sees: their groups' events, not the secret one's nor the blocked host's, their
    // answers, and the events they run.
    const page = (await viewer.client.get('/api/events')).body.events as Array<Record<string, any>>;
    const titles = page.map((event) => event.title);
    expect(titles).toEqual(
      expect.arrayContaining(['weekly', 'public group', 'private group', 'viewer hosts', 'capacity']),
    );
    expect(titles).not.toContain('secret group');
    expect(titles).not.toContain('blocked host');
    expect(page.find((e) => e.title === 'capacity')).toMatchObject({
      going_count: 3,
      spots_left: 0,
      viewer: { answer: 'going', guests: 1, may_manage: false },
    });
    expect(page.find((e) => e.title === 'later')?.viewer).toMatchObject({ answer: 'interested' });
    expect(page.find((e) => e.title === 'viewer hosts')?.viewer).toMatchObject({ may_manage: true });
    // Near Chicago: the events within 25 km, not the box's corner nor the far one.
    const near = (await viewer.client.get('/api/events?lat=41.88&lng=-87.63')).body.events as Array<{
      title: string;
    }>;
    expect(near.map((e) => e.title)).toEqual([
      'weekly',
      'public group',
      'private group',
      'viewer hosts',
      'capacity',
    ]);
    // The blocked host sees none of the viewer's events either; the stranger sees no private ones.
    const theirs = (await blockedHost.client.get('/api/events')).body.events.map(
      (e: { title: string }) => e.title,
    );
    expect(theirs).not.toContain('viewer hosts');
    const strangers = (await stranger.client.get('/api/events')).body.events.map(
      (e: { title: string }) => e.title,
    );
    expect(strangers).toEqual(expect.arrayContaining(['weekly', 'public group', 'blocked host']));
    expect(strangers).not.toContain('private group');
  });

  it('pages on from its cursor without gaps or repeats', async () => {
    const titles: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const query = `/api/events?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res: { status: number; body: { events: Array<{ title: string }>; next_cursor: string | null } } =
        await viewer.client.get(query);
      expect(res.status).toBe(200);
      titles.push(...res.body.events.map((e) => e.title));
      cursor = res.body.next_cursor;
      if (!cursor) break;
    }
    expect(titles).toEqual(
      (await expected(viewer, undefined, 50)).events.map((e: { title: string }) => e.title),
    );
  });

  it('shows what this node commits at once: an answer, an edit, a cancellation, a block', async () => {
    const title = (events: Array<{ id: string }>, id: string) => events.find((e) => e.id === id);
    expect((await rsvp(stranger, ids.later!, { answer: 'going', guests: 2 })).status).toBe(200);
    let page = (await stranger.client.get('/api/events')).body.events;
    expect(title(page, ids.later!)).toMatchObject({ going_count: 3, viewer: { answer: 'going', guests: 2 } });

    const edited = await owner.client.request(
      'PUT',
      `/api/events/${ids.weekly}`,
      eventInput({
        title: 'Weekly study',
        starts_local: localIn(1, '09:00'),
        ends_local: localIn(1, '10:00'),
        time_zone: 'UTC',
        repeat: 'weekly',
        repeat_until: localIn(40).slice(0, 10),
      }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    page = (await stranger.client.get('/api/events')).body.events;
    expect(title(page, ids.weekly!)).toMatchObject({ title: 'Weekly study' });

    const cancelled = await owner.client.post(`/api/events/${ids['public group']}/cancel`, {
      reason: 'Rain',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    page = (await stranger.client.get('/api/events')).body.events;
    expect(title(page, ids['public group']!)).toBeUndefined();

    expect((await stranger.client.request('PUT', `/api/blocks/${owner.id}`)).status).toBe(200);
    page = (await stranger.client.get('/api/events')).body.events;
    expect(page.map((e: { id: string }) => e.id)).not.toContain(ids.later);
    expect(page).toEqual((await expected(stranger)).events);
  });

  it("reads the database past the last of a group's events it keeps", async () => {
    // More of the viewer's private group's events than a node keeps of a group, after all the others
    // (written straight in: more than a member may create in a day).
    await copyTestEvent(
      db(),
      ids['viewer hosts']!,
      Array.from({ length: GROUP_KEPT + 2 }, (_, i) => ({
        title: `study ${i}`,
        hoursAfter: (7 + i / 4) * 24,
      })),
    );
    const all = (await expected(viewer, undefined, 50)).events as Array<{ title: string }>;
    expect(all.filter((e) => e.title.startsWith('study '))).toHaveLength(GROUP_KEPT + 2);
    for (const limit of [1, 5, 20]) {
      const cut = await upcomingFirstPage(db(), viewer.id, {}, limit);
      expect(cut, `${limit}`).not.toBeNull();
      expect(JSON.parse(cut!)).toEqual(await expected(viewer, undefined, limit));
    }
    // A page to the group's last event needs more than is kept: the database answers it.
    expect(await upcomingFirstPage(db(), viewer.id, {}, 50)).toBeNull();
    const res = await viewer.client.get('/api/events?limit=50');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(await expected(viewer, undefined, 50));
    // Another member of no private group still has their page cut from what is kept.
    expect(await upcomingFirstPage(db(), stranger.id, {}, 50)).not.toBeNull();
  });

  it("follows the viewer's memberships and answers written on another node", async () => {
    // Straight into the database, as another app node would: this node's kept lists are not dropped,
    // but the viewer's groups and answers are kept with numbers that the triggers move.
    const cut = await upcomingFirstPage(db(), viewer.id, {}, 20);
    expect(cut).not.toBeNull();
    expect(JSON.parse(cut!).events.map((e: { title: string }) => e.title)).toContain('private group');
    const group = await db()
      .selectFrom('events')
      .select('group_id')
      .where('id', '=', ids['private group']!)
      .executeTakeFirstOrThrow();
    await db()
      .deleteFrom('group_members')
      .where('group_id', '=', group.group_id!)
      .where('user_id', '=', viewer.id)
      .execute();
    const afterLeaving = await upcomingFirstPage(db(), viewer.id, {}, 20);
    expect(afterLeaving).not.toBeNull();
    const page = JSON.parse(afterLeaving!);
    expect(page.events.map((e: { title: string }) => e.title)).not.toContain('private group');
    expect(page).toEqual(await expected(viewer, undefined, 20));

    await db()
      .updateTable('event_rsvps')
      .set({ answer: 'not_going' })
      .where('event_id', '=', ids.later!)
      .where('user_id', '=', viewer.id)
      .execute();
    const answered = JSON.parse((await upcomingFirstPage(db(), viewer.id, {}, 20))!);
    expect(answered.events.find((e: { id: string }) => e.id === ids.later)?.viewer).toMatchObject({
      answer: 'not_going',
    });
    // The counts on the page are the kept event's (another node's write shows there within KEPT_MS);
    // the viewer's parts are the database's now.
    const viewerParts = (page: { events: Array<{ id: string; viewer: unknown }> }) =>
      page.events.map((event) => [event.id, event.viewer]);
    expect(viewerParts(answered)).toEqual(viewerParts(await expected(viewer, undefined, 20)));
  });
});
