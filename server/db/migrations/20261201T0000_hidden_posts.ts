import { type Kysely, PostgresAdapter, sql } from 'kysely';

// A member hides one post from their feeds (issue 49: the way to be rid of one anonymous prayer request,
// whose author cannot be muted). Each node keeps the member's hidden posts with their hidden members
// (queries/hiddenMembers.ts), checked against hidden_versions: triggers here move that number on every
// insert and delete, on any node, so a hidden post leaves the next page everywhere.
function sqliteBump(member: string): string {
  return `insert into hidden_versions (member_id, version) select ${member}, 1
    where exists (select 1 from profiles where id = ${member})
    on conflict (member_id) do update set version = hidden_versions.version + 1;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hidden_posts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hidden_posts_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema.createIndex('hidden_posts_post_idx').on('hidden_posts').column('post_id').execute();
  const statements: string[] = [];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    statements.push(
      `create function hidden_posts_bump_version() returns trigger language plpgsql as $$
      declare m text;
      begin
        if tg_op = 'DELETE' then m := old.user_id; else m := new.user_id; end if;
        insert into hidden_versions (member_id, version) select m, 1
          where exists (select 1 from profiles where id = m)
          on conflict (member_id) do update set version = hidden_versions.version + 1;
        return null;
      end $$`,
      `create trigger hidden_posts_version after insert or delete on hidden_posts
        for each row execute function hidden_posts_bump_version()`,
    );
  } else {
    statements.push(
      `create trigger hidden_posts_version_insert after insert on hidden_posts begin
        ${sqliteBump('new.user_id')}
      end`,
      `create trigger hidden_posts_version_delete after delete on hidden_posts begin
        ${sqliteBump('old.user_id')}
      end`,
    );
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hidden_posts').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw('drop function hidden_posts_bump_version').execute(db);
  }
}
