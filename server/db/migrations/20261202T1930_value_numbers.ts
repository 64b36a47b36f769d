import { type Kysely, PostgresAdapter, sql } from 'kysely';

// One number per kept value instead of one per table (issue 50): a kept page read the sum of its five
// tables' rows on every request, where one row by its key costs a third of it. Each table's triggers
// now move the row of every value that declares the table (server/cache/declared.ts, `number`), as of
// this migration; a value declared later brings its own migration, and cache.test.ts fails until the
// triggers of its tables name it. On PostgreSQL each connection still moves its own row (shard: its
// backend's pid), and a number is the sum of its rows.
const NUMBERS: Record<string, readonly string[]> = {
  posts: ['newest_posts'],
  profiles: ['newest_posts', 'event_lists'],
  media_objects: ['newest_posts'],
  groups: ['newest_posts', 'event_lists', 'groups_by_slug'],
  user: ['newest_posts', 'event_lists'],
  events: ['event_lists', 'sparse_boxes'],
  event_occurrences: ['event_lists'],
  event_rsvps: ['event_lists'],
};

/** Only when something but the view count changed (as in 20261202T0000_table_versions). */
const WHEN: Record<string, { sqlite: string; postgres: string }> = {
  posts: {
    sqlite: 'when old.view_count is new.view_count',
    postgres: 'when (old.view_count is not distinct from new.view_count)',
  },
};

/** Each table's triggers moving `numbersOf(table)` (down: the table's own row, as 20261202T0000 did). */
function sqliteStatements(numbersOf: (table: string) => readonly string[]): string[] {
  const statements: string[] = [];
  for (const table of Object.keys(NUMBERS)) {
    const rows = numbersOf(table)
      .map((number) => `('${number}', 0, 1)`)
      .join(', ');
    const bump = `insert into table_versions (name, shard, version) values ${rows}
      on conflict (name, shard) do update set version = table_versions.version + 1;`;
    for (const op of ['insert', 'update', 'delete']) {
      const when = op === 'update' ? (WHEN[table]?.sqlite ?? '') : '';
      statements.push(
        `drop trigger "${table}_table_version_${op}"`,
        `create trigger "${table}_table_version_${op}" after ${op} on "${table}" ${when} begin ${bump} end`,
      );
    }
  }
  return statements;
}

function postgresStatements(numbersOf: (table: string) => readonly string[]): string[] {
  const statements: string[] = [
    // The numbers to move are the trigger's arguments.
    `create or replace function bump_value_numbers() returns trigger language plpgsql as $$
    begin
      for i in 0 .. tg_nargs - 1 loop
        insert into table_versions (name, shard, version) values (tg_argv[i], pg_backend_pid(), 1)
          on conflict (name, shard) do update set version = table_versions.version + 1;
      end loop;
      return null;
    end $$`,
  ];
  for (const table of Object.keys(NUMBERS)) {
    const args = numbersOf(table)
      .map((number) => `'${number}'`)
      .join(', ');
    const when = WHEN[table]?.postgres;
    statements.push(`drop trigger "${table}_table_version" on "${table}"`);
    if (when) {
      statements.push(
        `drop trigger "${table}_table_version_update" on "${table}"`,
        `create trigger "${table}_table_version" after insert or delete on "${table}"
          for each statement execute function bump_value_numbers(${args})`,
        `create trigger "${table}_table_version_update" after update on "${table}"
          for each row ${when} execute function bump_value_numbers(${args})`,
      );
    } else {
      statements.push(
        `create trigger "${table}_table_version" after insert or update or delete on "${table}"
          for each statement execute function bump_value_numbers(${args})`,
      );
    }
  }
  return statements;
}

async function moveNumbers(db: Kysely<any>, numbersOf: (table: string) => readonly string[]) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of isPostgres ? postgresStatements(numbersOf) : sqliteStatements(numbersOf)) {
    await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await moveNumbers(db, (table) => NUMBERS[table]!);
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql.raw('drop function bump_table_version').execute(db);
  // The tables' rows are read by nothing now.
  const tables = Object.keys(NUMBERS).map((table) => sql.lit(table));
  await sql`delete from table_versions where name in (${sql.join(tables)})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Each table's own row again; on PostgreSQL bump_value_numbers is kept (a trigger argument each).
  await moveNumbers(db, (table) => [table]);
  const numbers = [...new Set(Object.values(NUMBERS).flat())].map((number) => sql.lit(number));
  await sql`delete from table_versions where name in (${sql.join(numbers)})`.execute(db);
}
