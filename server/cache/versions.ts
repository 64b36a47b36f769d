import { type RawBuilder, sql } from 'kysely';
import type { MemberNumber, SharedTable } from './declared.ts';

/**
 * The number a shared value is checked against, as a column of another query: the sum of its tables'
 * numbers, which grows with every write to any of them (migration 20261202T0000). Read before the
 * value itself, so a value read later is never older than the number it is kept with.
 */
export function tablesNumber(tables: readonly SharedTable[]): RawBuilder<number> {
  // A sum per table, added: SQLite reads each by its key's prefix, where one sum over `name in (...)`
  // cost half as much again (docs/BENCH.md).
  const sums = tables.map(
    (table) => sql`(select coalesce(sum(version), 0) from table_versions where name = ${sql.lit(table)})`,
  );
  return sql<number>`(${sql.join(sums, sql` + `)})`;
}

/** A member's number of one kind, as a column of another query; `memberId` may be a placeholder. */
export function memberNumber(number: MemberNumber, memberId: string): RawBuilder<number> {
  const [table, column] = number.split('.') as [string, string];
  return sql<number>`coalesce((select ${sql.ref(column)} from ${sql.table(table)} where member_id = ${memberId}), 0)`;
}
