import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Bookmarks (issue 51): a member saves a post for later, privately. A bookmark is one of the member's
// marks on a post, beside their likes and prayers: the same triggers move member_versions.marks on
// every insert, update and delete, so each node's kept marks (cache/viewerMarks.ts) answer a new
// 'bookmarked_by_me' on the next page, on any node.
function sqliteBump(member: string): string {
  return `insert into member_versions (member_id, marks) select ${member}, 1
    where exists (select 1 from profiles where id = ${member})
    on conflict (member_id) do update set marks = member_versions.marks + 1;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'post_id'])
    .execute();
  // The /bookmarks page: a member's newest saved first, by keyset.
  await db.schema
    .createIndex('bookmarks_user_created_idx')
    .on('bookmarks')
    .columns(['user_id', 'created_at', 'post_id'])
    .execute();
  await db.schema.createIndex('bookmarks_post_idx').on('bookmarks').column('post_id').execute();
  const statements: string[] = [];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // marks_bump_version (20261129T1000_marks_versions) moves the number of the row's member.
    statements.push(
      `create trigger bookmarks_marks_version after insert or update or delete on bookmarks
        for each row execute function marks_bump_version()`,
    );
  } else {
    statements.push(
      `create trigger bookmarks_marks_version_insert after insert on bookmarks begin
        ${sqliteBump('new.user_id')}
      end`,
      `create trigger bookmarks_marks_version_update after update on bookmarks begin
        ${sqliteBump('new.user_id')}
        ${sqliteBump('old.user_id').replace('where exists', 'where old.user_id <> new.user_id and exists')}
      end`,
      `create trigger bookmarks_marks_version_delete after delete on bookmarks begin
        ${sqliteBump('old.user_id')}
      end`,
    );
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bookmarks').execute();
}
