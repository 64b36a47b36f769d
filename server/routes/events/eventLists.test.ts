import { createTestEvent, localIn, rsvp } from '@server/test/events.ts';
import { type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { type PlacesFixture, startPlacesFixture } from '@server/test/placesFixture.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The event lists (issue 26) on a server of their own, so every event in them is this file's: each
 * event once in Upcoming at its next occurrence, page after page; Going by occurrence; Past; and
 * 'Near me' by point.
 */
describe.each(dialects)('event lists (%s)', (dialect) => {
  let server: TestServer;
  let host: GroupTestMember;
  let viewer: GroupTestMember;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer(dialect);
    host = await groupTestMember(server, 'Li Host');
    viewer = await groupTestMember(server, 'Li Viewer');
    // A weekly study from tomorrow, and single events two, three and four days ahead.
    ids.weekly = (
      await createTestEvent(host, {
        title: 'Weekly',
        starts_local: localIn(1, '09:00'),
        ends_local: localIn(1, '10:00'),
        time_zone: 'UTC',
        repeat: 'weekly',
        repeat_until: localIn(40).slice(0, 10),
      })
    ).id;
    for (const [name, days] of [
      ['Two', 2],
      ['Three', 3],
      ['Four', 4],
    ] as const) {
      ids[name] = (
        await createTestEvent(host, {
          title: name,
          starts_local: localIn(days, '09:00'),
          ends_local: localIn(days, '10:00'),
          time_zone: 'UTC',
        })
      ).id;
    }
  });
  afterAll(async () => {
    await server.close();
  });

  async function allPages(path: string): Promise<string[]> {
    const titles: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const res: { status: number; body: { events: Array<{ title: string }>; next_cursor: string | null } } =
        await viewer.client.get(`${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      titles.push(...res.body.events.map((e) => e.title));
      cursor = res.body.next_cursor;
      if (!cursor) break;
    }
    return titles;
  }

  it('lists each event once at its next occurrence, soonest first, over pages', async () => {
    expect(await allPages('/api/events?tab=upcoming&limit=1')).toEqual(['Weekly', 'Two', 'Three', 'Four']);
    expect(await allPages('/api/events?tab=upcoming&limit=3')).toEqual(['Weekly', 'Two', 'Three', 'Four']);
    const first = (await viewer.client.get('/api/events?tab=upcoming&limit=1')).body.events[0];
    expect(first.starts_local).toBe(localIn(1, '09:00'));
    // On a given day: the weekly study's occurrence of that day.
    const day = localIn(8).slice(0, 10);
    const onDay = (await viewer.client.get(`/api/events?date=${day}&tz=UTC`)).body.events;
    expect(onDay.map((e: { title: string; starts_local: string }) => [e.title, e.starts_local])).toEqual([
      ['Weekly', `${day}T09:00`],
    ]);
    expect((await viewer.client.get('/api/events?cursor=garbage')).body.error.code).toBe('invalid_cursor');
  });

  it('lists the occurrences the viewer goes to, and the past', async () => {
    const weekly = (await viewer.client.get(`/api/events/${ids.weekly}`)).body;
    await rsvp(viewer, ids.weekly!, { answer: 'going', occurrence: weekly.next_occurrences[1] });
    await rsvp(viewer, ids.Three!, { answer: 'going' });
    await rsvp(viewer, ids.Two!, { answer: 'interested' });
    const going = (await viewer.client.get('/api/events?tab=going')).body.events;
    expect(going.map((e: { title: string; starts_at: string }) => [e.title, e.starts_at])).toEqual([
      ['Three', expect.any(String)],
      ['Weekly', weekly.next_occurrences[1]],
    ]);
    const db = server.built.ctx.database.db;
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const pastEnd = new Date(Date.now() - 3 * 86_400_000 + 3_600_000).toISOString();
    await db
      .updateTable('events')
      .set({ starts_at: past, ends_at: pastEnd, last_ends_at: pastEnd })
      .where('id', '=', ids.Four!)
      .execute();
    await db
      .updateTable('event_occurrences')
      .set({ starts_at: past, ends_at: pastEnd })
      .where('event_id', '=', ids.Four!)
      .execute();
    expect(
      (await viewer.client.get('/api/events?tab=past')).body.events.map((e: { title: string }) => e.title),
    ).toEqual(['Four']);
    expect(await allPages('/api/events?tab=upcoming&limit=2')).toEqual(['Weekly', 'Two', 'Three']);
  });

  const hour = 3_600_000;
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * hour).toISOString();
  /** Rewrites an event's occurrences, given as [hours ago it starts, hours ago it ends]. */
  const moveTo = async (id: string, occurrences: Array<[number, number]>) => {
    const [first] = occurrences;
    const last = occurrences[occurrences.length - 1]!;
    await server.built.ctx.database.db
      .updateTable('events')
      .set({ starts_at: ago(first![0]), ends_at: ago(first![1]), last_ends_at: ago(last[1]) })
      .where('id', '=', id)
      .execute();
    await server.built.ctx.database.db.deleteFrom('event_occurrences').where('event_id', '=', id).execute();
    await server.built.ctx.database.db
      .insertInto('event_occurrences')
      .values(occurrences.map(([start, end]) => ({ event_id: id, starts_at: ago(start), ends_at: ago(end) })))
      .execute();
  };
  const made = async (title: string, weekly = false) =>
    (
      await createTestEvent(host, {
        title,
        time_zone: 'UTC',
        ...(weekly ? { repeat: 'weekly', repeat_until: localIn(30).slice(0, 10) } : {}),
      })
    ).id as string;

  it('keeps an occurrence under way in Going however long it lasts, and leaves ended ones out', async () => {
    const long = await made('Week-long retreat');
    await moveTo(long, [[150, -10]]);
    const ended = await made('Ended supper');
    await moveTo(ended, [[30, 29]]);
    const answer = (eventId: string, hours: number) =>
      server.built.ctx.database.db
        .insertInto('event_rsvps')
        .values({
          event_id: eventId,
          occurrence: ago(hours),
          user_id: viewer.id,
          answer: 'going',
          guests: 0,
          asked_at: ago(200),
          updated_at: ago(200),
        })
        .execute();
    await answer(long, 150);
    await answer(ended, 30);
    const going = (await viewer.client.get('/api/events?tab=going')).body.events;
    expect(going.map((e: { title: string }) => e.title)).toEqual(['Week-long retreat', 'Three', 'Weekly']);
  });

  it('lists each ended event once at its last occurrence, latest start first, over pages', async () => {
    // Ordered by when the last occurrence started, not by when it ended: 'Long' ended last.
    await moveTo(await made('Past one'), [[48, 47]]);
    await moveTo(await made('Long'), [[120, 24]]);
    await moveTo(await made('Past weekly', true), [
      [528, 527],
      [360, 359],
      [192, 191],
    ]);
    // Not past: a series with an occurrence still to come, and an event under way.
    await moveTo(await made('Series', true), [
      [144, 143],
      [-24, -25],
    ]);
    await moveTo(await made('Under way'), [[1, -1]]);
    // 'Four' ended three days ago, and the supper above thirty hours ago.
    const expected = ['Ended supper', 'Past one', 'Four', 'Long', 'Past weekly'];
    expect(await allPages('/api/events?tab=past&limit=1')).toEqual(expected);
    expect(await allPages('/api/events?tab=past&limit=3')).toEqual(expected);
    const shown = (await viewer.client.get('/api/events?tab=past')).body.events;
    expect(shown.map((e: { title: string; starts_at: string }) => [e.title, e.starts_at])).toContainEqual([
      'Past weekly',
      ago(192),
    ]);
    // With a date, the events that ended and had an occurrence on that day, at that occurrence.
    const day = ago(360).slice(0, 10);
    const onDay = (await viewer.client.get(`/api/events?tab=past&date=${day}&tz=UTC`)).body.events;
    expect(onDay.map((e: { title: string; starts_at: string }) => [e.title, e.starts_at])).toEqual([
      ['Past weekly', ago(360)],
    ]);
  });

  it("'Near me' by point: within the distance, nearest box first, and no further", async () => {
    const db = server.built.ctx.database.db;
    // Two near Chicago's Loop (about 1 and 20 km), one in Milwaukee (130 km).
    const at = (id: string, lat: number, lng: number) =>
      db.updateTable('events').set({ lat, lng, address: 'Somewhere' }).where('id', '=', id).execute();
    await at(ids.Two!, 41.885, -87.63);
    await at(ids.Three!, 41.7, -87.62);
    await at(ids.weekly!, 43.04, -87.91);
    const near = async (km?: number) =>
      (await viewer.client.get(`/api/events?lat=41.88&lng=-87.63${km ? `&km=${km}` : ''}`)).body.events.map(
        (e: { title: string }) => e.title,
      );
    expect(await near()).toEqual(['Two', 'Three']);
    expect(await near(5)).toEqual(['Two']);
    expect(await near(200)).toEqual(['Weekly', 'Two', 'Three']);
    expect((await viewer.client.get('/api/events?lat=91&lng=0')).body.error.code).toBe('event_near_invalid');
    expect((await viewer.client.get('/api/events?lat=41&lng=-87&km=500')).body.error.code).toBe(
      'event_near_invalid',
    );
  });
});

describe.each(dialects)("'Near me' by city or ZIP, and addresses geocoded once (%s)", (dialect) => {
  let server: TestServer;
  let fixture: PlacesFixture;
  beforeAll(async () => {
    fixture = await startPlacesFixture();
    server = await startTestServer(dialect, {
      nominatimUrl: fixture.nominatimUrl,
      overpassUrl: fixture.overpassUrl,
    });
  });
  afterAll(async () => {
    await server.close();
    await fixture.close();
  });

  it('geocodes an in-person address when saved and finds it near a ZIP', async () => {
    const host = await groupTestMember(server, 'Ge Host');
    const event = await createTestEvent(host, { title: 'Town supper', address: 'Springfield' });
    expect(event).toMatchObject({ address: 'Springfield', lat: 39.799, lng: -89.644 });
    const online = await createTestEvent(host, {
      title: 'Online',
      place: 'link',
      online_url: 'https://example.com/x',
    });
    expect(online).toMatchObject({ lat: null, lng: null, venue: null });
    const near = async (place: string) => {
      const res = await host.client.get(`/api/events?near=${encodeURIComponent(place)}`);
      return res.status === 200
        ? res.body.events.map((e: { title: string }) => e.title)
        : res.body.error.code;
    };
    expect(await near('62701')).toEqual(['Town supper']);
    // Shelbyville is some 50 km away.
    expect(await near('Shelbyville')).toEqual([]);
    expect(await near('Atlantis')).toBe('place_not_found');
    expect(fixture.hits.nominatim.map((hit) => hit.query)).toEqual([
      'Springfield',
      '62701',
      'Shelbyville',
      'Atlantis',
    ]);
  });
});
