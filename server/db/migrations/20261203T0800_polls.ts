import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Polls (issue 51). A post's poll as every viewer sees it (options with their votes, multiple, end,
// totals) is the post's own JSON column `poll`, written with the post and again with each vote in the
// vote's transaction: the kept feed pages carry it like the like count, and the posts triggers move
// their number. `polls` holds when each ends and when its 'Final results' went out (the job's list);
// `poll_votes` who chose what, one of the member's marks on a post beside likes, prayers and bookmarks:
// the same triggers move member_versions.marks (cache/viewerMarks.ts answers 'voted_by_me').
function sqliteBump(member: string): string {
  return `insert into member_versions (member_id, marks) select ${member}, 1
    where exists (select 1 from profiles where id = ${member})
    on conflict (member_id) do update set marks = member_versions.marks + 1;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('poll', 'text').execute();
  await db.schema
    .createTable('polls')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // The job's list: polls past their end whose results have not gone out.
  await db.schema.createIndex('polls_open_idx').on('polls').columns(['finished_at', 'ends_at']).execute();
  await db.schema
    .createTable('poll_votes')
    .addColumn('post_id', 'text', (c) => c.notNull().references('polls.post_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('choice', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('poll_votes_pk', ['post_id', 'user_id', 'choice'])
    .execute();
  await db.schema
    .createIndex('poll_votes_user_idx')
    .on('poll_votes')
    .columns(['user_id', 'post_id'])
    .execute();
  const statements: string[] = [];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // marks_bump_version (20261129T1000_marks_versions) moves the number of the row's member.
    statements.push(
      `create trigger poll_votes_marks_version after insert or update or delete on poll_votes
        for each row execute function marks_bump_version()`,
    );
  } else {
    statements.push(
      `create trigger poll_votes_marks_version_insert after insert on poll_votes begin
        ${sqliteBump('new.user_id')}
      end`,
      `create trigger poll_votes_marks_version_update after update on poll_votes begin
        ${sqliteBump('new.user_id')}
        ${sqliteBump('old.user_id').replace('where exists', 'where old.user_id <> new.user_id and exists')}
      end`,
      `create trigger poll_votes_marks_version_delete after delete on poll_votes begin
        ${sqliteBump('old.user_id')}
      end`,
    );
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('poll_votes').execute();
  await db.schema.dropTable('polls').execute();
  await db.schema.alterTable('posts').dropColumn('poll').execute();
}
