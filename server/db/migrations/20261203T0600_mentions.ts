import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Mentions (issue 51). A post or comment keeps whom its '@username's named when it was written, as a
// JSON list of { id, username } (common/text/postText.ts Mention): the card links each by the member's
// id, so a later change of username keeps the link. The list is the post's own, so the kept feed pages
// carry it like its text and the posts triggers already move their number. Two switches go with it,
// 'Mentions' under Push and under Email Notifications, both on.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bool = pg ? 'boolean' : 'integer';
  const yes = pg ? sql`true` : sql`1`;
  await db.schema.alterTable('posts').addColumn('mentions', 'text').execute();
  await db.schema.alterTable('comments').addColumn('mentions', 'text').execute();
  for (const name of ['push_mentions', 'email_mentions']) {
    await db.schema
      .alterTable('user_settings')
      .addColumn(name, bool, (c) => c.notNull().defaultTo(yes))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['email_mentions', 'push_mentions']) {
    await db.schema.alterTable('user_settings').dropColumn(name).execute();
  }
  await db.schema.alterTable('comments').dropColumn('mentions').execute();
  await db.schema.alterTable('posts').dropColumn('mentions').execute();
}
