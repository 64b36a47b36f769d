import { type Kysely, PostgresAdapter } from 'kysely';

// Email notifications (issue 15). 'New posts' sends a daily digest: one row per member and day is
// claimed before the email goes, so no digest is sent twice, even from two nodes. 'Updates' sends the
// announcements admins write: one delivery row per member and announcement, claimed the same way.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('email_digests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent_at', ts, (c) => c.notNull())
    .addColumn('post_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_digests_pk', ['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    // Set once every member who wanted it has had it.
    .addColumn('finished_at', ts)
    .execute();
  await db.schema
    .createTable('announcement_deliveries')
    .addColumn('announcement_id', 'text', (c) =>
      c.notNull().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('sent_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_deliveries_pk', ['announcement_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('announcement_deliveries').execute();
  await db.schema.dropTable('announcements').execute();
  await db.schema.dropTable('email_digests').execute();
}
