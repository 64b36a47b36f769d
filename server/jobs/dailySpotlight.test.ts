import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SPOTLIGHT_SIZE, spotlightDate } from '@common/schemas/spotlight.ts';
import { LocalMediaStorage } from '@server/media/storage.ts';
import { readSpotlight } from '@server/queries/spotlight.ts';
import type { Realtime } from '@server/realtime/realtime.ts';
import { createTestDatabase, dialects, insertMember, type TestDatabase } from '@server/test/database.ts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DAILY_SPOTLIGHT_INTERVAL_MS,
  dailySpotlightJob,
  requestSpotlightNow,
  storeSpotlight,
} from './dailySpotlight.ts';
import { createJobRunner } from './runner.ts';

const realtime: Realtime = {
  emit: () => {},
  emitExcept: () => {},
  emitToUser: () => {},
  disconnectUser: () => {},
  leaveRoom: () => {},
};

describe.each(dialects)('daily spotlight (%s)', (dialect) => {
  let test: TestDatabase;
  const db = () => test.database.db;
  const context = () => ({
    database: test.database,
    media: new LocalMediaStorage(mkdtempSync(path.join(tmpdir(), 'splikz-media-'))),
    realtime,
    log: { warn: vi.fn(), error: vi.fn() },
  });
  const today = spotlightDate();

  let minute = 0;
  async function post(
    userId: string,
    counts: { likes?: number; comments?: number; views?: number } = {},
    extra: {
      content?: string;
      media_type?: 'photo' | 'video' | 'none';
      image_url?: string;
      image_feed_url?: string;
    } = {},
  ) {
    minute += 1;
    const at = new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
    await db()
      .insertInto('posts')
      .values({
        id: uuidv7(),
        user_id: userId,
        category: 'general',
        content: extra.content ?? `post ${minute}`,
        media_type: extra.media_type ?? 'none',
        image_url: extra.image_url ?? null,
        image_feed_url: extra.image_feed_url ?? null,
        like_count: counts.likes ?? 0,
        comment_count: counts.comments ?? 0,
        view_count: counts.views ?? 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    await db().deleteFrom('spotlight_entries').execute();
    await db().deleteFrom('posts').execute();
    await db().deleteFrom('job_leases').execute();
  });

  it('ranks creators by likes + comments + views received, with their totals and top post', async () => {
    const [ana, ben, cy, dee] = [
      await insertMember(db(), 'Ana'),
      await insertMember(db(), 'Ben'),
      await insertMember(db(), 'Cy'),
      await insertMember(db(), 'Dee'),
    ];
    await post(
      ana,
      { likes: 3, comments: 1, views: 10 },
      {
        content: 'Sunday bread',
        media_type: 'photo',
        image_url: '/media/a.jpg',
        image_feed_url: '/media/a-w720.webp',
      },
    );
    await post(ana, { likes: 1, views: 2 });
    await post(
      ben,
      { likes: 20, comments: 5, views: 30 },
      {
        content: 'Choir clip',
        media_type: 'video',
        image_url: '/media/b.mp4',
        image_feed_url: '/media/b-poster.webp',
      },
    );
    await post(cy); // a creator nobody has reacted to yet is still ranked, last
    void dee; // no posts: not a creator

    // Chunks of two posts: the keyset paging must not lose or repeat any.
    expect(await storeSpotlight(context(), { date: today, chunk: 2 })).toBe(3);
    const entries = await readSpotlight(db(), today);
    expect(entries.map((e) => [e.rank, e.full_name])).toEqual([
      [1, 'Ben'],
      [2, 'Ana'],
      [3, 'Cy'],
    ]);
    expect(entries[1]).toMatchObject({
      total_engagement: 17,
      total_likes: 4,
      total_comments: 1,
      total_views: 12,
      posts_count: 2,
      top_post_content: 'Sunday bread',
      top_post_image_url: '/media/a-w720.webp',
    });
    // A video's image is its poster.
    expect(entries[0]!.top_post_image_url).toBe('/media/b-poster.webp');
    expect(entries[2]).toMatchObject({ total_engagement: 0, posts_count: 1, top_post_image_url: null });
  });

  it('breaks ties by likes, then posts, then always the same way; keeps the top ten', async () => {
    const members = [];
    for (let i = 0; i < SPOTLIGHT_SIZE + 3; i++) members.push(await insertMember(db(), `M${i}`));
    // Equal engagement 10: more likes first, then more posts.
    await post(members[0]!, { likes: 2, views: 8 });
    await post(members[1]!, { likes: 5, views: 5 });
    await post(members[2]!, { likes: 2, views: 4 });
    await post(members[2]!, { views: 4 });
    for (const id of members.slice(3)) await post(id, { views: 1 });
    await storeSpotlight(context());
    const first = await readSpotlight(db(), today);
    expect(first).toHaveLength(SPOTLIGHT_SIZE);
    expect(first.slice(0, 3).map((e) => e.full_name)).toEqual(['M1', 'M2', 'M0']);
    // Recomputing replaces the day's ranking with the same order.
    await storeSpotlight(context());
    expect((await readSpotlight(db(), today)).map((e) => e.user_id)).toEqual(first.map((e) => e.user_id));
  });

  it('never shows deleted members, and ranks the rest up when one leaves after the ranking', async () => {
    const [ana, ben, cy] = [
      await insertMember(db(), 'Ana'),
      await insertMember(db(), 'Ben'),
      await insertMember(db(), 'Cy'),
    ];
    await post(ana, { likes: 9 });
    await post(ben, { likes: 5 });
    await post(cy, { likes: 1 });
    await storeSpotlight(context());
    await db().deleteFrom('user').where('id', '=', ana).execute();
    expect((await readSpotlight(db(), today)).map((e) => [e.rank, e.full_name])).toEqual([
      [1, 'Ben'],
      [2, 'Cy'],
    ]);
    await db().deleteFrom('user').where('id', '=', ben).execute();
    await storeSpotlight(context());
    expect((await readSpotlight(db(), today)).map((e) => e.full_name)).toEqual(['Cy']);
  });

  it('has nothing to show on a day nobody has posted', async () => {
    expect(await storeSpotlight(context())).toBe(0);
    expect(await readSpotlight(db(), today)).toEqual([]);
  });

  it('is computed once across two nodes, and not again once the day has its ranking', async () => {
    const ana = await insertMember(db(), 'Ana');
    await post(ana, { likes: 1 });
    const ctx = context();
    let runs = 0;
    const job = dailySpotlightJob(ctx);
    const counted = {
      ...job,
      run: async (jobCtx: Parameters<typeof job.run>[0]) => {
        runs += 1;
        await job.run(jobCtx);
      },
    };
    let clock = Date.now();
    const node = (nodeId: string) =>
      createJobRunner({ db: db(), log: ctx.log, jobs: [counted], nodeId, now: () => clock, tickMs: 60_000 });
    const [a, b] = [node('a'), node('b')];
    // The page found the ranking empty before any node had ticked: due now, both nodes tick at once.
    await requestSpotlightNow(db(), clock);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    expect(await readSpotlight(db(), today)).toHaveLength(1);
    // Not due again until an interval later, when the check finds the ranking and leaves it.
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    const ids = (await db().selectFrom('spotlight_entries').select('id').execute()).map((r) => r.id);
    clock += DAILY_SPOTLIGHT_INTERVAL_MS + 1000;
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(2);
    expect((await db().selectFrom('spotlight_entries').select('id').execute()).map((r) => r.id)).toEqual(ids);
    await Promise.all([a.stop(), b.stop()]);
  });
});
