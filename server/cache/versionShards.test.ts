import { createTestDatabase, dialects, type TestDatabase } from '@server/test/database.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldEndedShards, sharedNumber } from './versions.ts';

// table_versions on PostgreSQL holds a row per connection and number (migration 20261202T1930); the
// rows of connections that ended are folded into one, and every number stays what it was.
describe.each(dialects)('folding the numbers of ended connections (%s)', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await test.close();
  });

  const number = async () =>
    Number(
      (await sql<{ n: number }>`select ${sharedNumber('newest_posts')} as n`.execute(test.database.db))
        .rows[0]!.n,
    );
  const shards = async () =>
    (
      await test.database.db
        .selectFrom('table_versions')
        .select(['shard', 'version'])
        .where('name', '=', 'newest_posts')
        .orderBy('shard')
        .execute()
    ).map((row) => ({ shard: Number(row.shard), version: Number(row.version) }));

  it.runIf(dialect === 'postgres')('folds ended connections into one row, keeping every sum', async () => {
    const { db } = test.database;
    // A live connection of another node, holding its own row; and two that ended (no such backend).
    const node = test.openNode();
    const live = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(node.db);
    const livePid = Number(live.rows[0]!.pid);
    await db
      .insertInto('table_versions')
      .values([
        { name: 'newest_posts', shard: 2_147_480_001, version: 5 },
        { name: 'newest_posts', shard: 2_147_480_002, version: 7 },
        { name: 'event_lists', shard: 2_147_480_001, version: 3 },
      ])
      .execute();
    await sql`insert into table_versions (name, shard, version) values ('newest_posts', pg_backend_pid(), 4)
      on conflict (name, shard) do update set version = table_versions.version + 4`.execute(node.db);
    const before = await number();
    const liveBefore = (await shards()).find((row) => row.shard === livePid)!.version;

    expect(await foldEndedShards(db)).toBeGreaterThanOrEqual(2);
    expect(await number()).toBe(before);
    const after = await shards();
    expect(after.map((row) => row.shard)).not.toContain(2_147_480_001);
    expect(after.map((row) => row.shard)).not.toContain(2_147_480_002);
    expect(after.find((row) => row.shard === livePid)?.version).toBe(liveBefore);
    expect(after.filter((row) => row.shard !== livePid).map((row) => row.shard)).toEqual([0]);
    // Folding again changes nothing; a write after it still moves the number.
    await foldEndedShards(db);
    expect(await number()).toBe(before);
    await sql`insert into table_versions (name, shard, version) values ('newest_posts', pg_backend_pid(), 1)
      on conflict (name, shard) do update set version = table_versions.version + 1`.execute(node.db);
    expect(await number()).toBe(before + 1);
    await node.destroy();
  });

  it.runIf(dialect === 'sqlite')('has nothing to fold on SQLite, one row per number', async () => {
    const before = await shards();
    expect(await foldEndedShards(test.database.db)).toBe(0);
    expect(await shards()).toEqual(before);
  });
});
