import { dialects, signedInMember, startTestServer, type TestServer } from '@server/test/harness.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate.ts';

const TABLES = [
  'user',
  'session',
  'account',
  'verification',
  'profiles',
  'user_roles',
  'user_settings',
  'posts',
  'likes',
  'comments',
  'post_views',
  'follows',
  'friendships',
  'notifications',
  'messages',
  'pending_posts',
  'faith_circles',
  'faith_circle_members',
  'faith_circle_chat',
  'faith_circle_requests',
  'faith_circle_previews',
  'spotlight_entries',
  'contact_messages',
  'media_objects',
  'job_leases',
];

describe.each(dialects)('migrations (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it('create every table of the data model and are safe to run again', async () => {
    const db = server.built.ctx.database.db;
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(TABLES));
    await expect(migrateToLatest(db)).resolves.toBeUndefined();
  });

  it("delete every row of a member when the account goes, and keep the others'", async () => {
    const { me: alice } = await signedInMember(server);
    const { me: bob } = await signedInMember(server);
    const db = server.built.ctx.database.db as any;
    const now = new Date().toISOString();
    await db
      .insertInto('posts')
      .values([
        { id: 'p-alice', user_id: alice.id, content: 'hello', created_at: now, updated_at: now },
        { id: 'p-bob', user_id: bob.id, content: 'hi', created_at: now, updated_at: now },
      ])
      .execute();
    await db.insertInto('likes').values({ post_id: 'p-alice', user_id: bob.id, created_at: now }).execute();
    await db.insertInto('likes').values({ post_id: 'p-bob', user_id: alice.id, created_at: now }).execute();
    await db
      .insertInto('follows')
      .values({ id: 'f1', follower_id: bob.id, following_id: alice.id, created_at: now })
      .execute();
    await db
      .insertInto('notifications')
      .values({
        id: 'n1',
        user_id: bob.id,
        from_user_id: alice.id,
        type: 'like',
        is_read: false,
        created_at: now,
      })
      .execute();

    await db.deleteFrom('user').where('id', '=', alice.id).execute();

    const count = async (table: string) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n,
      );
    expect(await db.selectFrom('profiles').select('id').where('id', '=', alice.id).execute()).toEqual([]);
    expect(await db.selectFrom('posts').select('id').execute()).toEqual([{ id: 'p-bob' }]);
    expect(await count('likes')).toBe(0);
    expect(await count('follows')).toBe(0);
    expect(await count('notifications')).toBe(0);
    expect(await db.selectFrom('profiles').select('id').where('id', '=', bob.id).execute()).toHaveLength(1);
  });

  it('refuse a profile whose user does not exist', async () => {
    const db = server.built.ctx.database.db;
    await expect(
      db.insertInto('profiles').values({ id: 'nobody', username: 'ghost', full_name: 'Ghost' }).execute(),
    ).rejects.toThrow();
  });
});
