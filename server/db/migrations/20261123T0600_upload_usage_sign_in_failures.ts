import { type Kysely, PostgresAdapter } from 'kysely';

// Two limits that must outlive the rows they count and hold across app nodes:
// - upload_usage: one row per accepted upload (its bytes), so the daily upload quota still counts an
//   upload whose media_objects row was released (a post deleted, an avatar replaced, a sweep).
// - sign_in_failures: failed sign-ins per account (a hash of the email), for the exponential wait.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('upload_usage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('size_bytes', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_usage_user_time_idx')
    .on('upload_usage')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('upload_usage_time_idx').on('upload_usage').column('created_at').execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('email_hash', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failed_at', ts, (c) => c.notNull())
    .addColumn('locked_until', ts)
    .execute();
  await db.schema
    .createIndex('sign_in_failures_time_idx')
    .on('sign_in_failures')
    .column('last_failed_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema.dropTable('upload_usage').execute();
}
