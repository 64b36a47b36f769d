import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Two numbers per member that change whenever, on any node, their group memberships change (joined,
// left, approved, removed, banned, a new role, or one of their groups' privacy) or their event answers
// change (they answer, a seat frees and moves them from the waitlist, an answer goes with its event).
// Each node keeps a member's memberships and answers with the numbers it read them at
// (queries/viewerGroups.ts, queries/viewerAnswers.ts), as hidden_versions does for blocks and mutes.
// Triggers move the numbers, so no command that writes those rows can forget to; a member's own row is
// not written while their profile is being deleted (the deletion's cascades fire the triggers).
const bumps = [
  { table: 'group_members', column: 'groups', member: 'user_id' },
  { table: 'event_rsvps', column: 'answers', member: 'user_id' },
] as const;

function sqliteBump(column: string, member: string): string {
  return `insert into member_versions (member_id, ${column}) select ${member}, 1
    where exists (select 1 from profiles where id = ${member})
    on conflict (member_id) do update set ${column} = member_versions.${column} + 1;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('member_versions')
    .addColumn('member_id', 'text', (c) => c.primaryKey())
    .addColumn('groups', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const statements: string[] = [];
  if (isPostgres) {
    for (const { table, column, member } of bumps) {
      statements.push(
        `create function ${table}_bump_version() returns trigger language plpgsql as $$
        declare m text;
        begin
          if tg_op = 'DELETE' then m := old.${member}; else m := new.${member}; end if;
          insert into member_versions (member_id, ${column}) select m, 1
            where exists (select 1 from profiles where id = m)
            on conflict (member_id) do update set ${column} = member_versions.${column} + 1;
          if tg_op = 'UPDATE' and old.${member} <> new.${member} then
            insert into member_versions (member_id, ${column}) select old.${member}, 1
              where exists (select 1 from profiles where id = old.${member})
              on conflict (member_id) do update set ${column} = member_versions.${column} + 1;
          end if;
          return null;
        end $$`,
        `create trigger ${table}_version after insert or update or delete on ${table}
          for each row execute function ${table}_bump_version()`,
      );
    }
    statements.push(
      `create function groups_privacy_bump_version() returns trigger language plpgsql as $$
      begin
        insert into member_versions (member_id, groups) select user_id, 1 from group_members
          where group_id = new.id
          on conflict (member_id) do update set groups = member_versions.groups + 1;
        return null;
      end $$`,
      `create trigger groups_privacy_version after update of privacy on groups
        for each row when (old.privacy is distinct from new.privacy)
        execute function groups_privacy_bump_version()`,
    );
  } else {
    for (const { table, column, member } of bumps) {
      statements.push(
        `create trigger ${table}_version_insert after insert on ${table} begin
          ${sqliteBump(column, `new.${member}`)}
        end`,
        `create trigger ${table}_version_update after update on ${table} begin
          ${sqliteBump(column, `new.${member}`)}
          ${sqliteBump(column, `old.${member}`).replace('where exists', `where old.${member} <> new.${member} and exists`)}
        end`,
        `create trigger ${table}_version_delete after delete on ${table} begin
          ${sqliteBump(column, `old.${member}`)}
        end`,
      );
    }
    statements.push(
      `create trigger groups_privacy_version after update of privacy on groups
        when old.privacy is not new.privacy begin
        insert into member_versions (member_id, groups) select user_id, 1 from group_members
          where group_id = new.id
          on conflict (member_id) do update set groups = member_versions.groups + 1;
      end`,
    );
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    for (const { table } of bumps) {
      await sql.raw(`drop trigger ${table}_version on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_bump_version`).execute(db);
    }
    await sql.raw('drop trigger groups_privacy_version on groups').execute(db);
    await sql.raw('drop function groups_privacy_bump_version').execute(db);
  } else {
    for (const { table } of bumps) {
      for (const op of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger ${table}_version_${op}`).execute(db);
      }
    }
    await sql.raw('drop trigger groups_privacy_version').execute(db);
  }
  await db.schema.dropTable('member_versions').execute();
}
