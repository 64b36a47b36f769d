import path from 'node:path';
import { rooms } from '@common/realtime.ts';
import { CIRCLE_LIMITS, type Circle, type LiveChange } from '@common/schemas/circles.ts';
import { heartbeat } from '@server/commands/circles.ts';
import { runCommand } from '@server/commands/run.ts';
import type { FaithCirclesTable } from '@server/db/types.ts';
import { LocalMediaStorage } from '@server/media/storage.ts';
import type { Realtime } from '@server/realtime/realtime.ts';
import { createTestDatabase, dialects, insertMember, type TestDatabase } from '@server/test/database.ts';
import type { Insertable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { END_STALE_CIRCLES_INTERVAL_MS, endStaleCircles } from './endStaleCircles.ts';
import { startJobs } from './index.ts';

const SECOND = 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const stale = CIRCLE_LIMITS.freshnessMs + 15 * SECOND;

describe.each(dialects)('end of stale circles (%s)', (dialect) => {
  let test: TestDatabase;
  let media: LocalMediaStorage;
  let host: string;
  const db = () => test.database.db;
  const emitted: Array<{ room: string | string[]; event: string; payload: unknown }> = [];
  const realtime: Realtime = {
    emit: (room, event, ...args) => emitted.push({ room, event, payload: args[0] }),
    emitExcept: (room, _except, event, ...args) => emitted.push({ room, event, payload: args[0] }),
    emitToUser: () => {},
    disconnectUser: () => {},
    leaveRoom: () => {},
  };
  const context = () => ({
    database: test.database,
    media,
    realtime,
    log: { warn: vi.fn(), error: vi.fn() },
  });
  /** What the live list's room was told, per circle: true to show it, false to take it off. */
  const listChanges = () =>
    emitted
      .filter((e) => e.room === rooms.liveCircles() && e.event === 'circles:live')
      .map((e) => {
        const change = e.payload as LiveChange;
        return [change.circle.id, change.listed, change.circle.status];
      });
  const roomUpdates = (circleId: string) =>
    emitted
      .filter((e) => e.room === rooms.circle(circleId) && e.event === 'circle:updated')
      .map((e) => (e.payload as Circle).status);
  const statusOf = async (circleId: string) =>
    db()
      .selectFrom('faith_circles')
      .select(['status', 'is_listed'])
      .where('id', '=', circleId)
      .executeTakeFirstOrThrow()
      .then((row) => ({ status: row.status, is_listed: Boolean(row.is_listed) }));

  const member = () => insertMember(db(), 'Host');

  /** A circle as the commands leave it: live and listed with a heartbeat unless told otherwise. */
  function circleRow(fields: Partial<Insertable<FaithCirclesTable>> = {}) {
    return {
      id: uuidv7(),
      host_id: host,
      title: 'Vigil',
      faith: 'Christianity',
      visibility: 'public' as const,
      mode: 'live',
      status: 'live' as const,
      source_type: 'camera' as const,
      duration_min: 30,
      max_guests: CIRCLE_LIMITS.defaultMaxGuests,
      is_listed: true,
      host_heartbeat: ago(5 * SECOND),
      created_at: ago(3600 * SECOND),
      ...fields,
    } satisfies Insertable<FaithCirclesTable>;
  }
  async function circle(fields: Partial<Insertable<FaithCirclesTable>> = {}): Promise<string> {
    const row = circleRow(fields);
    await db().insertInto('faith_circles').values(row).execute();
    await db()
      .insertInto('faith_circle_members')
      .values({ circle_id: row.id, user_id: host, role: 'host', joined_at: row.created_at })
      .execute();
    return row.id;
  }

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    media = new LocalMediaStorage(path.join(test.dataDir, 'media'));
    host = await member();
  });
  beforeEach(async () => {
    await db().deleteFrom('faith_circles').execute();
    emitted.length = 0;
  });
  afterAll(async () => {
    await test.close();
  });

  it('ends live circles whose host has been silent for 45 s, tells their rooms and the live list, and leaves the rest', async () => {
    const silent = await circle({ host_heartbeat: ago(stale) });
    const fresh = await circle();
    const upcoming = await circle({
      status: 'upcoming',
      mode: 'scheduled',
      is_listed: false,
      host_heartbeat: null,
    });
    // The host opened the room of a scheduled circle and left it: nothing to end, it never started.
    const upcomingLeft = await circle({
      status: 'upcoming',
      mode: 'scheduled',
      is_listed: false,
      host_heartbeat: ago(stale),
    });
    // Created live, but the host's media never started and the page never beat.
    const neverStarted = await circle({ is_listed: false, host_heartbeat: null, created_at: ago(stale) });
    const justCreated = await circle({ is_listed: false, host_heartbeat: null, created_at: ago(5 * SECOND) });
    const hidden = await circle({ visibility: 'private', is_listed: false, host_heartbeat: ago(stale) });
    const over = await circle({ status: 'ended', is_listed: false, host_heartbeat: ago(3600 * SECOND) });

    const ctx = context();
    expect(await endStaleCircles(ctx)).toBe(3);
    for (const id of [silent, neverStarted, hidden]) {
      expect(await statusOf(id)).toEqual({ status: 'ended', is_listed: false });
      expect(roomUpdates(id)).toEqual(['ended']);
    }
    expect(await statusOf(fresh)).toEqual({ status: 'live', is_listed: true });
    expect(await statusOf(justCreated)).toEqual({ status: 'live', is_listed: false });
    for (const id of [upcoming, upcomingLeft]) expect((await statusOf(id)).status).toBe('upcoming');
    expect((await statusOf(over)).status).toBe('ended');
    for (const id of [fresh, justCreated, upcoming, upcomingLeft, over]) expect(roomUpdates(id)).toEqual([]);
    // The silent circle may still sit in an open list (nothing told it the heartbeat stopped): it is
    // taken off. The others were never in one.
    expect(listChanges()).toEqual([[silent, false, 'ended']]);
    expect(ctx.log.error).not.toHaveBeenCalled();

    emitted.length = 0;
    expect(await endStaleCircles(ctx)).toBe(0);
    expect(emitted).toEqual([]);
  });

  it('reads the clock it is given', async () => {
    const fresh = await circle();
    expect(await endStaleCircles(context(), { now: Date.now() - 60 * SECOND })).toBe(0);
    expect(await statusOf(fresh)).toEqual({ status: 'live', is_listed: true });
    expect(await endStaleCircles(context(), { now: Date.now() + stale })).toBe(1);
    expect(await statusOf(fresh)).toEqual({ status: 'ended', is_listed: false });
    expect(listChanges()).toEqual([[fresh, false, 'ended']]);
  });

  it('ends more stale circles than one batch holds', async () => {
    const rows = Array.from({ length: 230 }, () => circleRow({ host_heartbeat: ago(stale) }));
    await db().insertInto('faith_circles').values(rows).execute();
    const kept = await circle();
    expect(await endStaleCircles(context())).toBe(230);
    const live = await db().selectFrom('faith_circles').select('id').where('status', '=', 'live').execute();
    expect(live).toEqual([{ id: kept }]);
  });

  it('stops between batches when its run is aborted', async () => {
    const rows = Array.from({ length: 150 }, () => circleRow({ host_heartbeat: ago(stale) }));
    await db().insertInto('faith_circles').values(rows).execute();
    const controller = new AbortController();
    controller.abort();
    expect(await endStaleCircles(context(), { signal: controller.signal })).toBe(100);
    expect(await endStaleCircles(context())).toBe(50);
  });

  it('puts a silent circle back on the list when its host beats again before the sweep', async () => {
    const id = await circle({ host_heartbeat: ago(CIRCLE_LIMITS.freshnessMs + SECOND) });
    const beat = await runCommand(context(), (trx, after) => heartbeat(trx, after, id, host));
    expect(Date.parse(beat.host_heartbeat)).toBeGreaterThan(Date.now() - 5 * SECOND);
    expect(listChanges()).toEqual([[id, true, 'live']]);
    expect(await endStaleCircles(context())).toBe(0);
    expect(await statusOf(id)).toEqual({ status: 'live', is_listed: true });
  });

  it('runs every 15 s from startJobs', async () => {
    const id = await circle({ host_heartbeat: ago(stale) });
    let clock = Date.now();
    const ctx = {
      ...context(),
      mailer: { send: async () => {} },
      config: { publicUrl: 'http://127.0.0.1', authSecret: 'secret' },
    };
    const runner = startJobs(ctx, { now: () => clock, tickMs: 60_000 });
    await runner.tick();
    expect((await statusOf(id)).status).toBe('live'); // a new job waits one interval
    clock += END_STALE_CIRCLES_INTERVAL_MS;
    await runner.tick();
    expect(await statusOf(id)).toEqual({ status: 'ended', is_listed: false });
    await runner.stop();
    expect(ctx.log.error).not.toHaveBeenCalled();
  });
});
