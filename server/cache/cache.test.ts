import { openDatabase } from '@server/db/database.ts';
import type { DB } from '@server/db/types.ts';
import { createTestEvent, rsvp } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemberLink, type MemberValue, PER_MEMBER, SHARED } from './declared.ts';
import { memberValue } from './perMember.ts';
import { sharedValue } from './shared.ts';

/**
 * The cache's one rule (declared.ts), checked for every declared value on both databases: each table a
 * value declares has triggers that move the value's number on insert, update and delete; and a write
 * made straight in the database on one node (no command, as a script or another app would) is seen by
 * the value another node keeps.
 */

type Op = 'insert' | 'update' | 'delete';
interface TriggerOn {
  table: string;
  ops: Set<Op>;
  /** What the trigger runs: its SQL on SQLite, its function's body on PostgreSQL. */
  body: string;
}

async function triggers(db: Kysely<DB>, dialect: string): Promise<TriggerOn[]> {
  if (dialect === 'sqlite') {
    const rows = await sql<{ tbl_name: string; sql: string }>`
      select tbl_name, sql from sqlite_master where type = 'trigger'`.execute(db);
    return rows.rows.map((row) => {
      const op = /after\s+(insert|update|delete)/i.exec(row.sql)?.[1]?.toLowerCase() as Op;
      return { table: row.tbl_name, ops: new Set([op]), body: row.sql };
    });
  }
  // The function's body and the trigger's own definition (its arguments name the numbers it moves).
  const rows = await sql<{ table: string; tgtype: number; body: string }>`
    select c.relname as table, t.tgtype, p.prosrc || ' ' || pg_get_triggerdef(t.oid) as body from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal`.execute(db);
  return rows.rows.map((row) => {
    const ops = new Set<Op>();
    if (row.tgtype & 4) ops.add('insert');
    if (row.tgtype & 8) ops.add('delete');
    if (row.tgtype & 16) ops.add('update');
    return { table: row.table, ops, body: row.body };
  });
}

/** Whether some trigger on `table` moves `number` ('table_versions' or 'member_versions.groups') on `op`. */
function moves(all: TriggerOn[], table: string, op: Op, number: string): boolean {
  const [numbers, column] = number.split('.') as [string, string | undefined];
  return all.some(
    (trigger) =>
      trigger.table === table &&
      trigger.ops.has(op) &&
      // bump_hidden_version() on PostgreSQL writes hidden_versions.
      trigger.body.includes(numbers.replace(/s$/, '')) &&
      (column === undefined || column === 'version' || trigger.body.includes(column)),
  );
}

/** A group's privacy moves its members' number on update; its insert has no members, its delete cascades. */
const opsOf = (link: MemberLink): Op[] => ('via' in link ? ['update'] : ['insert', 'update', 'delete']);

describe.each(dialects)('the cache (%s)', (dialect) => {
  let server: TestServer;
  let other: Kysely<DB>;
  let owner: GroupTestMember;
  let friend: GroupTestMember;
  const nodeA = () => server.built.ctx.database.db;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    other = openDatabase({ databaseUrl: server.built.ctx.config.databaseUrl, dataDir: server.dataDir }).db;
    // A row in every declared table, written by the app's own commands.
    owner = await groupTestMember(server, 'Cache Owner');
    friend = await groupTestMember(server, 'Cache Friend');
    const blocked = await groupTestMember(server, 'Cache Blocked');
    const muted = await groupTestMember(server, 'Cache Muted');
    const photo = await uploadPhoto(server, friend.client);
    const post = await makePost(friend.client, { content: 'A photo', media_id: photo.id });
    await makePost(owner.client, { content: 'Another post' });
    const prayer = await makePost(friend.client, { content: 'Pray for me', category: 'prayer' });
    expect((await owner.client.request('PUT', `/api/posts/${post.id}/like`)).status).toBe(200);
    expect((await owner.client.request('PUT', `/api/posts/${post.id}/bookmark`)).status).toBe(200);
    const poll = await makePost(owner.client, {
      content: 'Which night?',
      poll: { options: ['Friday', 'Saturday'], expires_in: 3600 },
    });
    expect((await owner.client.post(`/api/posts/${poll.id}/poll/votes`, { choices: [1] })).status).toBe(200);
    expect((await owner.client.request('PUT', `/api/posts/${prayer.id}/prayed`)).status).toBe(200);
    expect((await owner.client.request('PUT', `/api/posts/${prayer.id}/hidden`)).status).toBe(200);
    expect((await owner.client.request('PUT', `/api/blocks/${blocked.id}`)).status).toBe(200);
    expect((await owner.client.request('PUT', `/api/mutes/${muted.id}`)).status).toBe(200);
    const open = await createTestGroup(owner, { name: 'Cache open group', privacy: 'public' });
    await createTestGroup(owner, { name: 'Cache closed group', privacy: 'private' });
    expect((await friend.client.post(`/api/groups/${open.slug}/join`)).status).toBe(200);
    const event = await createTestEvent(owner, { title: 'Cache supper' });
    expect((await rsvp(friend, event.id, { answer: 'going' })).status).toBe(200);
    expect((await rsvp(muted, event.id, { answer: 'interested' })).status).toBe(200);
  });
  afterAll(async () => {
    await other.destroy();
    await server.close();
  });

  it('has triggers moving every declared number, on every declared table', async () => {
    const all = await triggers(nodeA(), dialect);
    const missing: string[] = [];
    for (const [name, value] of Object.entries(SHARED)) {
      for (const table of value.tables) {
        for (const op of ['insert', 'update', 'delete'] as const) {
          const named = all.filter((trigger) => trigger.body.includes(`'${value.number}'`));
          if (!moves(named, table, op, 'table_versions')) missing.push(`${name}: ${op} on ${table}`);
        }
      }
    }
    for (const [name, value] of Object.entries(PER_MEMBER) as Array<[string, MemberValue]>) {
      for (const [table, link] of Object.entries(value.tables)) {
        for (const op of opsOf(link)) {
          if (!moves(all, table, op, value.number)) missing.push(`${name}: ${op} on ${table}`);
        }
      }
    }
    expect(missing, 'a declared table whose write moves no number').toEqual([]);
  });

  it('knows a declared table without a trigger', async () => {
    const all = await triggers(nodeA(), dialect);
    // circle_messages moves no number: were a value to declare it, the test above would fail.
    expect(moves(all, 'circle_messages', 'insert', 'table_versions')).toBe(false);
    expect(moves(all, 'posts', 'insert', 'member_versions.groups')).toBe(false);
  });

  /** One row of the table, deleted straight in the database on node A. */
  async function deleteOneRow(table: string, where = sql`1 = 1`) {
    const t = sql.table(table);
    const deleted =
      dialect === 'sqlite'
        ? await sql`delete from ${t} where rowid = (select max(rowid) from ${t} where ${where})`.execute(
            nodeA(),
          )
        : await sql`delete from ${t} where ctid = (select max(ctid) from ${t} where ${where})`.execute(
            nodeA(),
          );
    expect(Number(deleted.numAffectedRows), `no row of ${table} to delete`).toBe(1);
  }

  const rowsOf = async (db: Kysely<DB>, table: string, where = sql`1 = 1`) =>
    JSON.stringify((await sql`select * from ${sql.table(table)} where ${where} order by 1`.execute(db)).rows);

  // The members' values first: the shared ones' deletions below take the rows they need with them.
  for (const [name, value] of Object.entries(PER_MEMBER) as Array<[string, MemberValue]>) {
    for (const [table, link] of Object.entries(value.tables)) {
      it(`shows another node's write to ${table} in ${name}`, async () => {
        let reads = 0;
        const column = 'via' in link ? link.via.member : link.members[0]!;
        const from = 'via' in link ? link.via.table : table;
        const [first] = (
          await sql<Record<string, string>>`select ${sql.ref(column)} as m from ${sql.table(from)}
          where ${sql.ref(column)} = ${owner.id} or ${sql.ref(column)} = ${friend.id} limit 1`.execute(
            nodeA(),
          )
        ).rows;
        const member = first!.m!;
        // What the value holds: the member's rows of the table (their groups' privacy, for a group).
        const where =
          'via' in link
            ? sql`${sql.ref(link.key)} in (select ${sql.ref(link.via.key)} from ${sql.table(link.via.table)} where ${sql.ref(link.via.member)} = ${member})`
            : sql.join(
                link.members.map((m) => sql`${sql.ref(m)} = ${member}`),
                sql` or `,
              );
        const store = memberValue(value, async (db) => {
          reads += 1;
          return rowsOf(db, table, sql`(${where})`);
        });
        const before = await store(other, member, await store.version(other, member));
        expect(await store(other, member, await store.version(other, member))).toBe(before);
        expect(reads).toBe(1);
        if ('via' in link) {
          const [column] = link.columns;
          await sql`update ${sql.table(table)} set ${sql.ref(column!)} = case when ${sql.ref(column!)} = 'public'
            then 'private' else 'public' end where ${where}`.execute(nodeA());
        } else {
          await deleteOneRow(table, sql`(${where})`);
        }
        const after = await store(other, member, await store.version(other, member));
        expect(after).not.toBe(before);
        expect(after).toBe(await rowsOf(other, table, sql`(${where})`));
      });
    }
  }

  // Leaves first: each deletion cascades only into tables already done.
  const order = [
    'event_rsvps',
    'event_occurrences',
    'events',
    'media_objects',
    'posts',
    'groups',
    'profiles',
    'user',
  ] as const;
  const sharedTables = new Set(Object.values(SHARED).flatMap((value) => [...value.tables]));
  it('orders every shared table', () => {
    expect([...sharedTables].filter((table) => !(order as readonly string[]).includes(table))).toEqual([]);
  });
  it("does not move posts' number for a view", async () => {
    await makePost(owner.client, { content: 'Seen many times' });
    const store = sharedValue<string>(SHARED.newestPosts)(other);
    const before = await store.version();
    await nodeA().updateTable('posts').set({ view_count: sql`view_count + 1` }).execute();
    expect(await store.version()).toBe(before);
    await nodeA()
      .updateTable('posts')
      .set({ content: 'Edited' })
      .where('content', '=', 'Seen many times')
      .execute();
    expect(await store.version()).toBeGreaterThan(before);
  });

  for (const table of order) {
    const values = Object.entries(SHARED).filter(([, value]) =>
      (value.tables as readonly string[]).includes(table),
    );
    it(`shows another node's write to ${table} in ${values.map(([name]) => name).join(', ')}`, async () => {
      let reads = 0;
      const read = async () => {
        reads += 1;
        return rowsOf(other, table);
      };
      const stores = values.map(([, value]) => sharedValue<string>(value)(other));
      const before = await Promise.all(
        stores.map(async (store) => store.get('key', await store.version(), read)),
      );
      for (const store of stores) expect(await store.get('key', await store.version(), read)).toBe(before[0]);
      expect(reads).toBe(stores.length);
      await deleteOneRow(table);
      for (const store of stores) {
        const after = await store.get('key', await store.version(), read);
        expect(after).not.toBe(before[0]);
        expect(after).toBe(await rowsOf(other, table));
      }
    });
  }
});
