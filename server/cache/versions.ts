import { type RawBuilder, sql } from 'kysely';
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
