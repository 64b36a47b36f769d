import type { DB } from '@server/db/types.ts';
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { MemberNumber, SharedNumber } from './declared.ts';

/**
 * The number a shared value is checked against, as a column of another query: its row of
 * table_versions (the sum of its rows on PostgreSQL, one per connection), which grows with every write
 * to any of its tables (migration 20261202T1930). Read before the value itself, so a value read later
 * is never older than the number it is kept with.
 */
export function sharedNumber(number: SharedNumber): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(version), 0) from table_versions where name = ${sql.lit(number)})`;
}

/** A member's number of one kind, as a column of another query; `memberId` may be a placeholder. */
export function memberNumber(number: MemberNumber, memberId: string): RawBuilder<number> {
  const [table, column] = number.split('.') as [string, string];
  return sql<number>`coalesce((select ${sql.ref(column)} from ${sql.table(table)} where member_id = ${memberId}), 0)`;
}

/**
 * Folds the rows of PostgreSQL connections that have ended into one row per number (shard 0): each
 * connection moves its own row, so without this the table gains rows with every restart and every
 * pool churn, and each number's sum reads them all. The sum is the same before and after, in one
 * statement, so no kept value is read again and no number ever goes back. SQLite has one row each.
 */
export async function foldEndedShards(db: Kysely<DB>): Promise<number> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return 0;
  const folded = await sql<{ name: string }>`
    with ended as (
      delete from table_versions
      where shard <> 0 and shard not in (select pid from pg_stat_activity where pid is not null)
      returning name, version
    )
    insert into table_versions (name, shard, version)
    select name, 0, sum(version) from ended group by name
    on conflict (name, shard) do update set version = table_versions.version + excluded.version
    returning name`.execute(db);
  return folded.rows.length;
}
