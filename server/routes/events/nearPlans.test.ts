import { type EventFilters, listEvents } from '@server/queries/events.ts';
import { createTestEvent, localIn } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * 'Near me' is read one of two ways (queries/events.ts): in a sparse box its events first, in a dense
 * one the occurrences in time order with the box as a filter. Only a box of a thousand events is dense,
 * so the API tests only ever read the first way; here both ways must give the same pages, page after
 * page, for Upcoming and Past. On a server of its own, so every event is this file's.
 */
describe.each(dialects)("both ways of reading 'Near me' (%s)", (dialect) => {
  let server: TestServer;
  let viewer: GroupTestMember;
  const db = () => server.built.ctx.database.db;
  const point = { lat: 41.88, lng: -87.63, km: 25 };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    viewer = await groupTestMember(server, 'Np Viewer');
    const host = await groupTestMember(server, 'Np Host');
    const closed = await createTestGroup(host, { name: 'Np circle', privacy: 'private' });
    const hour = 3_600_000;
    const now = Date.now();
    const ago = (hours: number) => new Date(now - hours * hour).toISOString();
    // [title, lat, lng, fields, occurrences moved into the past as [hours ago it starts, ends]]
    const made: Array<[string, number, number, Record<string, unknown>, Array<[number, number]>?]> = [
      ['Loop', 41.885, -87.63, { starts_local: localIn(2, '09:00'), ends_local: localIn(2, '10:00') }],
      ['South side', 41.7, -87.62, { starts_local: localIn(1, '18:00'), ends_local: localIn(1, '19:00') }],
      [
        'Weekly near',
        41.9,
        -87.65,
        {
          starts_local: localIn(3, '07:00'),
          ends_local: localIn(3, '08:00'),
          repeat: 'weekly',
          repeat_until: localIn(30).slice(0, 10),
        },
      ],
      ['Same start', 41.89, -87.6, { starts_local: localIn(2, '09:00'), ends_local: localIn(2, '11:00') }],
      // In the box's corner but farther than 25 km, and far away.
      ['Corner', 42.09, -87.34, { starts_local: localIn(1, '20:00'), ends_local: localIn(1, '21:00') }],
      ['Milwaukee', 43.04, -87.91, { starts_local: localIn(1, '10:00'), ends_local: localIn(1, '11:00') }],
      [
        'Closed group',
        41.88,
        -87.63,
        { starts_local: localIn(1, '12:00'), ends_local: localIn(1, '13:00'), group_id: closed.id },
      ],
      ['Cancelled', 41.88, -87.64, { starts_local: localIn(4, '12:00'), ends_local: localIn(4, '13:00') }],
      ['Past near', 41.87, -87.62, {}, [[50, 49]]],
      [
        'Past weekly near',
        41.86,
        -87.61,
        {},
        [
          [400, 399],
          [232, 231],
          [64, 63],
        ],
      ],
      ['Past far', 43.04, -87.91, {}, [[30, 29]]],
      ['Past long near', 41.88, -87.7, {}, [[100, 20]]],
    ];
    for (const [title, lat, lng, fields, past] of made) {
      const { id } = await createTestEvent(host, { title, time_zone: 'UTC', ...fields });
      await db().updateTable('events').set({ lat, lng, address: 'Somewhere' }).where('id', '=', id).execute();
      if (past) {
        const last = past[past.length - 1]!;
        await db()
          .updateTable('events')
          .set({ starts_at: ago(past[0]![0]), ends_at: ago(past[0]![1]), last_ends_at: ago(last[1]) })
          .where('id', '=', id)
          .execute();
        await db().deleteFrom('event_occurrences').where('event_id', '=', id).execute();
        await db()
          .insertInto('event_occurrences')
          .values(past.map(([start, end]) => ({ event_id: id, starts_at: ago(start), ends_at: ago(end) })))
          .execute();
      }
      if (title === 'Cancelled') {
        expect((await host.client.post(`/api/events/${id}/cancel`, { reason: 'Snow' })).status).toBe(200);
      }
    }
  });
  afterAll(async () => {
    await server.close();
  });

  async function allPages(filters: EventFilters, sparse: boolean): Promise<string[]> {
    const shown: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      const result = await listEvents(db(), viewer.id, { ...filters, cursor }, { sparse });
      shown.push(...result.events.map((e) => `${e.title} ${e.starts_at}`));
      if (!result.next_cursor) break;
      cursor = result.next_cursor;
    }
    return shown;
  }

  it('gives the same pages for Upcoming and Past, at every page size', async () => {
    const titles = (shown: string[]) => shown.map((s) => s.split(' 20')[0]);
    for (const tab of ['upcoming', 'past'] as const) {
      const whole = await allPages({ tab, near: point, limit: 50 }, true);
      for (const limit of [1, 2, 5]) {
        expect(await allPages({ tab, near: point, limit }, true)).toEqual(whole);
        expect(await allPages({ tab, near: point, limit }, false)).toEqual(whole);
      }
      expect(await allPages({ tab, near: point, limit: 50 }, false)).toEqual(whole);
      expect(titles(whole)).toEqual(
        tab === 'upcoming'
          ? ['South side', 'Loop', 'Same start', 'Weekly near']
          : ['Past near', 'Past weekly near', 'Past long near'],
      );
    }
  });
});
