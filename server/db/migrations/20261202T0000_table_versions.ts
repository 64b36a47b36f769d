import { type Kysely, PostgresAdapter, sql } from 'kysely';

// The numbers the cache (server/cache/) checks its values against, moved here by triggers only, so no
// write on any node, job or script can forget one (issue 50):
// - table_versions: one number per table that values every member shares (the feeds' newest posts,
//   Upcoming's lists) are read from. On PostgreSQL each connection moves its own row (shard: its
//   backend's pid), so two transactions never wait on, or deadlock over, the same row; the number of a
//   table is the sum of its rows, which only grows, and a reader sees a commit's rows with its data.
// - hidden_versions: now moved by blocks and mutes too (their commands did it by hand), and on an
//   update of hidden_posts (its insert and delete already did).
// A post's view count alone does not move posts' number: the feeds show it up to their values' age.
const SHARED_TABLES = [
  'posts',
  'profiles',
  'media_objects',
  'groups',
  'user',
  'events',
  'event_occurrences',
  'event_rsvps',
] as const;

/** Only when something but the view count changed: recordView counts a view every time a post is seen. */
const WHEN: Partial<Record<(typeof SHARED_TABLES)[number], { sqlite: string; postgres: string }>> = {
  posts: {
    sqlite: 'when old.view_count is new.view_count',
    postgres: 'when (old.view_count is not distinct from new.view_count)',
  },
};

const HIDDEN = [
  { table: 'blocks', members: ['blocker_id', 'blocked_id'] },
  { table: 'mutes', members: ['muter_id', 'muted_id'] },
] as const;

function sqliteHiddenBump(member: string): string {
  return `insert into hidden_versions (member_id, version) select ${member}, 1
    where exists (select 1 from profiles where id = ${member})
    on conflict (member_id) do update set version = hidden_versions.version + 1;`;
}

function sqliteStatements(): string[] {
  const statements: string[] = [];
  for (const table of SHARED_TABLES) {
    const bump = `insert into table_versions (name, shard, version) values ('${table}', 0, 1)
      on conflict (name, shard) do update set version = table_versions.version + 1;`;
    for (const op of ['insert', 'update', 'delete']) {
      const when = op === 'update' ? (WHEN[table]?.sqlite ?? '') : '';
      statements.push(
        `create trigger "${table}_table_version_${op}" after ${op} on "${table}" ${when} begin ${bump} end`,
      );
    }
  }
  for (const { table, members } of HIDDEN) {
    const rows = { insert: ['new'], update: ['new', 'old'], delete: ['old'] } as const;
    for (const [op, ages] of Object.entries(rows)) {
      const bumps = ages.flatMap((age) => members.map((member) => sqliteHiddenBump(`${age}.${member}`)));
      statements.push(`create trigger ${table}_hidden_version_${op} after ${op} on ${table} begin
        ${bumps.join('\n')}
      end`);
    }
  }
  statements.push(`create trigger hidden_posts_version_update after update on hidden_posts begin
    ${sqliteHiddenBump('new.user_id')}
    ${sqliteHiddenBump('old.user_id')}
  end`);
  return statements;
}

function postgresStatements(): string[] {
  const statements: string[] = [
    `create function bump_table_version() returns trigger language plpgsql as $$
    begin
      insert into table_versions (name, shard, version) values (tg_table_name, pg_backend_pid(), 1)
        on conflict (name, shard) do update set version = table_versions.version + 1;
      return null;
    end $$`,
    `create function bump_hidden_version(m text) returns void language plpgsql as $$
    begin
      insert into hidden_versions (member_id, version) select m, 1
        where exists (select 1 from profiles where id = m)
        on conflict (member_id) do update set version = hidden_versions.version + 1;
    end $$`,
  ];
  for (const table of SHARED_TABLES) {
    const when = WHEN[table]?.postgres;
    if (when) {
      statements.push(
        `create trigger "${table}_table_version" after insert or delete on "${table}"
          for each statement execute function bump_table_version()`,
        `create trigger "${table}_table_version_update" after update on "${table}"
          for each row ${when} execute function bump_table_version()`,
      );
    } else {
      statements.push(
        `create trigger "${table}_table_version" after insert or update or delete on "${table}"
          for each statement execute function bump_table_version()`,
      );
    }
  }
  for (const { table, members } of HIDDEN) {
    const each = (age: string) => members.map((member) => `perform bump_hidden_version(${age}.${member});`);
    statements.push(
      `create function ${table}_bump_hidden_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${each('old').join(' ')} end if;
        if tg_op <> 'DELETE' then ${each('new').join(' ')} end if;
        return null;
      end $$`,
      `create trigger ${table}_hidden_version after insert or update or delete on ${table}
        for each row execute function ${table}_bump_hidden_version()`,
    );
  }
  statements.push(
    `create function hidden_posts_update_bump_version() returns trigger language plpgsql as $$
    begin
      perform bump_hidden_version(old.user_id);
      perform bump_hidden_version(new.user_id);
      return null;
    end $$`,
    `create trigger hidden_posts_version_update after update on hidden_posts
      for each row execute function hidden_posts_update_bump_version()`,
  );
  return statements;
}

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('table_versions')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('table_versions_pk', ['name', 'shard'])
    // Read on every kept page: on SQLite the rows live in the key itself, one seek each.
    .$call((table) => (isPostgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  for (const statement of isPostgres ? postgresStatements() : sqliteStatements()) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    for (const table of SHARED_TABLES) {
      await sql.raw(`drop trigger if exists "${table}_table_version" on "${table}"`).execute(db);
      await sql.raw(`drop trigger if exists "${table}_table_version_update" on "${table}"`).execute(db);
    }
    for (const { table } of HIDDEN) {
      await sql.raw(`drop trigger ${table}_hidden_version on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_bump_hidden_version`).execute(db);
    }
    await sql.raw('drop trigger hidden_posts_version_update on hidden_posts').execute(db);
    await sql.raw('drop function hidden_posts_update_bump_version').execute(db);
    await sql.raw('drop function bump_hidden_version').execute(db);
    await sql.raw('drop function bump_table_version').execute(db);
  } else {
    for (const table of SHARED_TABLES) {
      for (const op of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger "${table}_table_version_${op}"`).execute(db);
      }
    }
    for (const { table } of HIDDEN) {
      for (const op of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger ${table}_hidden_version_${op}`).execute(db);
      }
    }
    await sql.raw('drop trigger hidden_posts_version_update').execute(db);
  }
  await db.schema.dropTable('table_versions').execute();
}
