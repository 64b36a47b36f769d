import { type Kysely, PostgresAdapter } from 'kysely';

// Periodic jobs run on one node at a time: the node whose lease on the job's row has not expired. The
// row also remembers when the job runs next, so every node agrees on "once per interval". The
// job_leases table of the first model had no next run and no code ever used it; a lease is transient,
// so the table is made again here (SQLite cannot drop a NOT NULL in place).
// The indexes serve the first job, the sweep of uploads nothing shows: it walks old uploads in
// (created_at, id) order and asks each place that may show one, and deleting an upload makes the
// database look for rows pointing at it; without them each upload swept reads the whole profiles table.
const sweepIndexes = [
  { name: 'media_objects_created_idx', table: 'media_objects', columns: ['created_at', 'id'] },
  { name: 'pending_posts_media_idx', table: 'pending_posts', columns: ['media_id'] },
  { name: 'profiles_avatar_media_idx', table: 'profiles', columns: ['avatar_media_id'] },
  { name: 'profiles_cover_media_idx', table: 'profiles', columns: ['cover_media_id'] },
  { name: 'profiles_video_media_idx', table: 'profiles', columns: ['profile_video_media_id'] },
];

export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.dropTable('job_leases').execute();
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('lease_until', ts)
    .addColumn('next_run_at', ts, (c) => c.notNull())
    .execute();
  for (const { name, table, columns } of sweepIndexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  for (const { name } of sweepIndexes) await db.schema.dropIndex(name).execute();
  await db.schema.dropTable('job_leases').execute();
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
}
