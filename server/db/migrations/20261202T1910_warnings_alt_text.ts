import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Content warnings and alt text (issue 51). A post may carry a warning ('Content warning': the post
// shows only it and 'Show more' until opened) and its photo a description ('Alt text', its <img alt>).
// Both are the post's own, so the kept feed pages carry them like its text; the posts triggers of
// 20261202T0000_table_versions already move its number on every update. Two media settings go with
// them: 'Always show posts with content warnings' (off) and 'Remind me to add alt text' (on).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bool = pg ? 'boolean' : 'integer';
  const yes = pg ? sql`true` : sql`1`;
  const no = pg ? sql`false` : sql`0`;
  await db.schema.alterTable('posts').addColumn('content_warning', 'text').execute();
  await db.schema.alterTable('posts').addColumn('alt_text', 'text').execute();
  // A post for another member's wall keeps both while it waits for approval.
  await db.schema.alterTable('pending_posts').addColumn('content_warning', 'text').execute();
  await db.schema.alterTable('pending_posts').addColumn('alt_text', 'text').execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('show_content_warnings', bool, (c) => c.notNull().defaultTo(no))
    .execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('remind_alt_text', bool, (c) => c.notNull().defaultTo(yes))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('remind_alt_text').execute();
  await db.schema.alterTable('user_settings').dropColumn('show_content_warnings').execute();
  await db.schema.alterTable('pending_posts').dropColumn('alt_text').execute();
  await db.schema.alterTable('pending_posts').dropColumn('content_warning').execute();
  await db.schema.alterTable('posts').dropColumn('alt_text').execute();
  await db.schema.alterTable('posts').dropColumn('content_warning').execute();
}
