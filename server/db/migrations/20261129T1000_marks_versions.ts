import { type Kysely, PostgresAdapter, sql } from 'kysely';

// A third number per member (member_versions.marks) that changes whenever, on any node, one of their
// likes or prayers is written or deleted (they like, unlike, pray, take it back, or the post goes with
// its likes). Each node keeps, per member, which of the kept feed posts they liked or prayed for with
// the number it read them at (queries/viewerMarks.ts), instead of looking up the page's 20 posts in
// both tables on every first page. Triggers move the number, as in 20261129T0000_member_versions.
const tables = ['likes', 'prayers'] as const;

function sqliteBump(member: string): string {
  return `insert into member_versions (member_id, marks) select ${member}, 1
    where exists (select 1 from profiles where id = ${member})
    on conflict (member_id) do update set marks = member_versions.marks + 1;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('member_versions')
    .addColumn('marks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const statements: string[] = [];
  if (isPostgres) {
    statements.push(
      `create function marks_bump_version() returns trigger language plpgsql as $$
      declare m text;
      begin
        if tg_op = 'DELETE' then m := old.user_id; else m := new.user_id; end if;
        insert into member_versions (member_id, marks) select m, 1
          where exists (select 1 from profiles where id = m)
          on conflict (member_id) do update set marks = member_versions.marks + 1;
        if tg_op = 'UPDATE' and old.user_id <> new.user_id then
          insert into member_versions (member_id, marks) select old.user_id, 1
            where exists (select 1 from profiles where id = old.user_id)
            on conflict (member_id) do update set marks = member_versions.marks + 1;
        end if;
        return null;
      end $$`,
    );
    for (const table of tables) {
      statements.push(
        `create trigger ${table}_marks_version after insert or update or delete on ${table}
          for each row execute function marks_bump_version()`,
      );
    }
  } else {
    for (const table of tables) {
      statements.push(
        `create trigger ${table}_marks_version_insert after insert on ${table} begin
          ${sqliteBump('new.user_id')}
        end`,
        `create trigger ${table}_marks_version_update after update on ${table} begin
          ${sqliteBump('new.user_id')}
          ${sqliteBump('old.user_id').replace('where exists', 'where old.user_id <> new.user_id and exists')}
        end`,
        `create trigger ${table}_marks_version_delete after delete on ${table} begin
          ${sqliteBump('old.user_id')}
        end`,
      );
    }
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of tables) {
    if (isPostgres) await sql.raw(`drop trigger ${table}_marks_version on ${table}`).execute(db);
    else {
      for (const op of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger ${table}_marks_version_${op}`).execute(db);
      }
    }
  }
  if (isPostgres) await sql.raw('drop function marks_bump_version').execute(db);
  await db.schema.alterTable('member_versions').dropColumn('marks').execute();
}
