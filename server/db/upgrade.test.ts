import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@server/app.ts';
import { argon2Password } from '@server/auth/passwords.ts';
import { loadConfig } from '@server/config.ts';
import { createPostgresDatabase } from '@server/test/database.ts';
import { dialects, TestClient } from '@server/test/harness.ts';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database_, openDatabase } from './database.ts';
import { migrateTo, migrateToLatest, migrationNames } from './migrate.ts';

// A database made by an older release (only its first migrations) with a row in every table it had:
// migrating to the latest schema keeps them, and the app starts on it and serves them.

const OLD_RELEASE = '20261122T2000_media_links';
/**
 * Tables a later migration makes again on purpose, as their migrations say: no code of the first model
 * wrote messages (20261123T0000_conversations), and a job lease is transient (20261123T0200_job_leases).
 */
const REMADE = new Set(['messages', 'job_leases']);
/** Tables whose rows a later migration moved into another (comedy shows became events, issue 26). */
const MOVED: Record<string, string> = { comedy_shows: 'events' };
const PASSWORD = 'secret123';

async function tableNames(database: Database_): Promise<string[]> {
  const query =
    database.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table'
          and name not like 'sqlite_%' and name not like 'kysely_%'`
      : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()
          and tablename not like 'kysely_%'`;
  return (await query.execute(database.db)).rows.map((r) => r.name).sort();
}

async function countRows(db: Kysely<any>, table: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One row (or a few) for every table of the old release, in an order the foreign keys accept. */
async function oldRows(): Promise<Array<[string, Record<string, unknown>[]]>> {
  const at = '2026-11-22T20:30:00.000Z';
  const later = '2099-01-01T00:00:00.000Z';
  const stamps = { createdAt: at, updatedAt: at };
  const hash = await argon2Password.hash(PASSWORD);
  const member = (id: string) => ({
    id,
    name: id,
    email: `${id}@example.com`,
    emailVerified: true,
    ...stamps,
  });
  return [
    ['user', [member('alice'), member('bob')]],
    ['session', [{ id: 's1', expiresAt: later, token: 'old-token', userId: 'bob', ...stamps }]],
    [
      'account',
      ['alice', 'bob'].map((id) => ({
        id: `a-${id}`,
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: hash,
        ...stamps,
      })),
    ],
    ['verification', [{ id: 'v1', identifier: 'x@example.com', value: 'v', expiresAt: later, ...stamps }]],
    [
      'profiles',
      [
        { id: 'alice', username: 'alice_old', full_name: 'Alice Old', created_at: at, updated_at: at },
        { id: 'bob', username: 'bob_old', full_name: 'Bob Old', created_at: at, updated_at: at },
      ],
    ],
    ['user_roles', [{ user_id: 'alice', role: 'admin' }]],
    ['user_settings', [{ user_id: 'alice', email_updates: true }]],
    [
      'media_objects',
      [
        {
          id: 'm1',
          user_id: 'alice',
          storage_key: 'u/alice/m1.webp',
          kind: 'photo',
          content_type: 'image/webp',
          size_bytes: 10,
          width: 4,
          height: 3,
        },
      ],
    ],
    [
      'posts',
      [
        {
          id: 'p-old',
          user_id: 'alice',
          content: 'Written before the upgrade',
          created_at: at,
          updated_at: at,
        },
        {
          id: 'p-wall',
          user_id: 'bob',
          profile_owner_id: 'alice',
          category: 'prayer',
          content: 'On the wall',
        },
      ],
    ],
    ['likes', [{ post_id: 'p-old', user_id: 'bob' }]],
    ['comments', [{ id: 'c1', post_id: 'p-old', user_id: 'bob', content: 'An old comment' }]],
    ['post_views', [{ post_id: 'p-old', viewer_id: 'bob', day: '2026-11-22' }]],
    ['follows', [{ id: 'f1', follower_id: 'bob', following_id: 'alice' }]],
    ['friendships', [{ id: 'fr1', user_id: 'alice', friend_id: 'bob', status: 'accepted' }]],
    ['notifications', [{ id: 'n1', user_id: 'alice', from_user_id: 'bob', type: 'like', post_id: 'p-old' }]],
    ['messages', [{ id: 'msg1', sender_id: 'alice', receiver_id: 'bob', content: 'Hello' }]],
    ['pending_posts', [{ id: 'pp1', profile_owner_id: 'alice', author_id: 'bob', content: 'Pending' }]],
    ['faith_circles', [{ id: 'fc1', host_id: 'alice', title: 'Morning prayer', faith: 'christian' }]],
    ['faith_circle_members', [{ circle_id: 'fc1', user_id: 'alice', role: 'host' }]],
    ['faith_circle_chat', [{ id: 'ch1', circle_id: 'fc1', user_id: 'alice', content: 'Welcome' }]],
    [
      'spotlight_entries',
      [
        {
          id: 'se1',
          spotlight_date: '2026-11-21',
          rank_position: 1,
          user_id: 'alice',
          username: 'alice_old',
        },
      ],
    ],
    [
      'contact_messages',
      [{ id: 'cm1', name: 'Visitor', email: 'v@example.com', subject: 'Hi', message: 'A question' }],
    ],
    ['comedy_shows', [{ id: 'cs1', title: 'Late show', venue: 'The Cellar', show_date: '2026-12-01' }]],
    ['job_leases', [{ name: 'old-job', holder: 'old-node', expires_at: at }]],
  ];
}

describe.each(dialects)('upgrading a database of an older release (%s)', (dialect) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'splikz-upgrade-'));
  let dropPostgres: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await dropPostgres?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every row through the later migrations, and the app serves them', async () => {
    expect(migrationNames).toContain(OLD_RELEASE);
    expect(migrationNames.at(-1)).not.toBe(OLD_RELEASE);
    const pgDb = dialect === 'postgres' ? await createPostgresDatabase({ fresh: true }) : undefined;
    dropPostgres = pgDb?.drop;
    const databaseUrl = pgDb?.url;

    const database = openDatabase({ databaseUrl, dataDir });
    const rows = await oldRows();
    const counts = new Map<string, number>();
    try {
      await migrateTo(database.db, OLD_RELEASE);
      const db = database.db as unknown as Kysely<any>;
      // The list is complete: a row for every table the old release had.
      expect(rows.map(([table]) => table).sort()).toEqual(await tableNames(database));
      for (const [table, values] of rows) {
        // One at a time: a multi-row insert sends NULL for a column one row leaves to its default.
        for (const value of values) await db.insertInto(table).values(value).execute();
        counts.set(table, values.length);
      }

      await migrateToLatest(database.db);
      const lost: string[] = [];
      for (const [table, expected] of counts) {
        if (REMADE.has(table)) continue;
        const found = await countRows(db, MOVED[table] ?? table);
        if (found !== expected) lost.push(`${table}: ${found} of ${expected}`);
      }
      expect(lost).toEqual([]);
      // New columns took their defaults on the old rows.
      const post = await db
        .selectFrom('posts')
        .selectAll()
        .where('id', '=', 'p-old')
        .executeTakeFirstOrThrow();
      expect(post.content).toBe('Written before the upgrade');
    } finally {
      await database.destroy();
    }

    const config = loadConfig(
      { AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789' },
      { dataDir, port: 0, publicUrl: 'http://127.0.0.1:1', databaseUrl },
    );
    const built = await buildApp(config, { webDist: null, log: () => {} });
    try {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const address = built.app.server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      // The Origin check compares with PUBLIC_URL, so the client sends that one.
      const client = new TestClient(baseUrl);
      const send = (method: string, url: string, body?: unknown) =>
        client.request(method, url, body, { headers: { origin: config.publicUrl } });
      const signIn = await send('POST', '/api/auth/sign-in/email', {
        email: 'alice@example.com',
        password: PASSWORD,
      });
      expect(signIn.status).toBe(200);

      const feed = await send('GET', '/api/posts');
      expect(feed.status).toBe(200);
      const old = feed.body.posts.find((p: { id: string }) => p.id === 'p-old');
      expect(old).toMatchObject({
        content: 'Written before the upgrade',
        author: expect.objectContaining({ username: 'alice_old' }),
      });
      const comments = await send('GET', '/api/posts/p-old/comments');
      expect(comments.status).toBe(200);
      expect(comments.body.comments.map((c: { content: string }) => c.content)).toEqual(['An old comment']);
      const me = await send('GET', '/api/me');
      expect(me.body).toMatchObject({ is_admin: true });
      // And it takes new writes on the upgraded schema.
      expect((await send('POST', '/api/posts', { content: 'Written after the upgrade' })).status).toBe(201);
    } finally {
      await built.close();
    }
  }, 60_000);
});
