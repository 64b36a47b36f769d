import { existsSync } from 'node:fs';
import path from 'node:path';
import { LocalMediaStorage } from '@server/media/storage.ts';
import { silentRealtime } from '@server/realtime/realtime.ts';
import { createTestDatabase, dialects, insertMember, type TestDatabase } from '@server/test/database.ts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJobs } from './index.ts';
import { sweepAllUnattachedUploads } from './sweepUploads.ts';

const HOUR = 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(dialects)('sweep of unattached uploads (%s)', (dialect) => {
  let test: TestDatabase;
  let media: LocalMediaStorage;
  const db = () => test.database.db;
  const fileOf = (key: string) => path.join(media.root, ...key.split('/'));
  const context = () => ({
    database: test.database,
    media,
    realtime: silentRealtime,
    log: { warn: vi.fn(), error: vi.fn() },
  });

  const member = () => insertMember(db(), 'M');

  async function upload(userId: string, ageMs: number, createdAt?: string | RawBuilder<string>) {
    const id = uuidv7();
    const row = { id, storage_key: `u/${userId}/${id}.jpg`, variant_key: `u/${userId}/${id}-w720.webp` };
    await media.put(row.storage_key, Buffer.from('jpg'), 'image/jpeg');
    await media.put(row.variant_key, Buffer.from('webp'), 'image/webp');
    await db()
      .insertInto('media_objects')
      .values({
        ...row,
        user_id: userId,
        kind: 'photo',
        content_type: 'image/jpeg',
        size_bytes: 3,
        created_at: createdAt ?? iso(Date.now() - ageMs),
      })
      .execute();
    return row;
  }

  async function showInPost(userId: string, mediaId: string): Promise<void> {
    const [id, now] = [uuidv7(), iso(Date.now())];
    const post = { id, user_id: userId, content: '.', media_id: mediaId, created_at: now, updated_at: now };
    // Only the columns the sweep reads; the others are nullable or have defaults.
    await (db() as unknown as Kysely<any>)
      .insertInto('posts')
      .values({ ...post, category: 'general', media_type: 'photo' })
      .execute();
  }

  const exists = async (row: { id: string; storage_key: string }) => {
    const found = await db().selectFrom('media_objects').select('id').where('id', '=', row.id).execute();
    const file = existsSync(fileOf(row.storage_key));
    if (found.length > 0 !== file) throw new Error(`row and file of ${row.id} disagree`);
    return file;
  };

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    media = new LocalMediaStorage(path.join(test.dataDir, 'media'));
  });
  afterAll(async () => {
    await test.close();
  });

  it("deletes every member's day-old uploads that nothing shows, with their files, and keeps the rest", async () => {
    const [alice, bob, carol] = [await member(), await member(), await member()];
    const old = 25 * HOUR;
    const gone = [await upload(alice, old), await upload(bob, old + 1), await upload(carol, old + 2)];
    const posted = await upload(alice, old + 3);
    const avatar = await upload(bob, old + 4);
    const cover = await upload(bob, old + 5);
    const waiting = await upload(carol, old + 6);
    gone.push(await upload(alice, old + 7));
    const young = await upload(bob, 23 * HOUR);
    await showInPost(alice, posted.id);
    await db()
      .updateTable('profiles')
      .set({ avatar_media_id: avatar.id, cover_media_id: cover.id })
      .where('id', '=', bob)
      .execute();
    await db()
      .insertInto('pending_posts')
      .values({
        id: uuidv7(),
        profile_owner_id: alice,
        author_id: carol,
        content: '.',
        image_url: null,
        image_feed_url: null,
        media_id: waiting.id,
        media_type: 'photo',
      })
      .execute();

    // Batches of two, so the walk steps over shown uploads between batches.
    expect(await sweepAllUnattachedUploads(context(), { limit: 2 })).toBe(4);
    for (const row of gone) {
      expect(await exists(row)).toBe(false);
      expect(existsSync(fileOf(row.variant_key))).toBe(false);
    }
    for (const row of [posted, avatar, cover, waiting, young]) expect(await exists(row)).toBe(true);
  });

  it('walks past more shown uploads of one instant than a batch holds', async () => {
    const alice = await member();
    // PostgreSQL keeps microseconds here that the ISO strings the app reads back drop.
    const instant =
      dialect === 'postgres' ? sql<string>`now() - interval '2 days'` : iso(Date.now() - 48 * HOUR);
    const shown = [];
    for (let i = 0; i < 5; i++) shown.push(await upload(alice, 0, instant));
    const leftover = await upload(alice, 0, instant);
    await db()
      .updateTable('profiles')
      .set({
        avatar_media_id: shown[0]!.id,
        cover_media_id: shown[1]!.id,
        profile_video_media_id: shown[2]!.id,
      })
      .where('id', '=', alice)
      .execute();
    for (const row of shown.slice(3)) await showInPost(alice, row.id);
    expect(await sweepAllUnattachedUploads(context(), { limit: 2 })).toBe(1);
    expect(await exists(leftover)).toBe(false);
  });

  it('logs a file that will not go and sweeps the others', async () => {
    const bob = await member();
    const [stuck, other] = [await upload(bob, 30 * HOUR), await upload(bob, 30 * HOUR)];
    const ctx = context();
    const failing = Object.create(media) as LocalMediaStorage;
    failing.remove = async (key) => {
      if (key === stuck.storage_key) throw new Error('EBUSY');
      return media.remove(key);
    };
    expect(await sweepAllUnattachedUploads({ ...ctx, media: failing })).toBe(2);
    expect(ctx.log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ mediaId: stuck.id }),
      expect.any(String),
    );
    expect(existsSync(fileOf(stuck.storage_key))).toBe(true);
    expect(await exists(other)).toBe(false);
  });

  it('runs hourly from startJobs, on one node at a time, and stops cleanly', async () => {
    const leftover = await upload(await member(), 30 * HOUR);
    let clock = Date.now();
    const ctx = {
      ...context(),
      mailer: { send: async () => {} },
      config: { publicUrl: 'http://127.0.0.1', authSecret: 'secret' },
    };
    const runner = startJobs(ctx, { now: () => clock, tickMs: 60_000 });
    await runner.tick();
    expect(await exists(leftover)).toBe(true); // a new job waits one interval
    clock += HOUR;
    await runner.tick();
    expect(await exists(leftover)).toBe(false);
    await runner.stop();
    expect(ctx.log.error).not.toHaveBeenCalled();
  });
});
