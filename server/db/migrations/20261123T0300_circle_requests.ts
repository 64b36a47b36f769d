import { type Kysely, PostgresAdapter, sql } from 'kysely';

// FaithVerse circles that approve their guests: a member's request to join (pending, or declined so
// the member sees the answer and is not asked about again), and a non-member's one 10-second
// preview, remembered so that reloading the page does not start another.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const circleRef = (c: any) => c.notNull().references('faith_circles.id').onDelete('cascade');
  const userRef = (c: any) => c.notNull().references('user.id').onDelete('cascade');
  await db.schema
    .createTable('faith_circle_requests')
    .addColumn('circle_id', 'text', circleRef)
    .addColumn('user_id', 'text', userRef)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('faith_circle_requests_pk', ['circle_id', 'user_id'])
    .addCheckConstraint('faith_circle_requests_status_ck', sql`status in ('pending', 'declined')`)
    .execute();
  await db.schema
    .createIndex('faith_circle_requests_user_idx')
    .on('faith_circle_requests')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('faith_circle_previews')
    .addColumn('circle_id', 'text', circleRef)
    .addColumn('user_id', 'text', userRef)
    .addColumn('started_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('faith_circle_previews_pk', ['circle_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('faith_circle_previews_user_idx')
    .on('faith_circle_previews')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('faith_circle_previews').execute();
  await db.schema.dropTable('faith_circle_requests').execute();
}
