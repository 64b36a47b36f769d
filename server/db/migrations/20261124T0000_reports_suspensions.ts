import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Reports and suspension (issue 14). A report names what was reported (type + id, no foreign key:
// the content may go while the report stays for the record) and the member responsible for it, so
// the queue can suspend them. One open report per reporter and target (a partial unique index):
// reporting again while it is open changes nothing; after it is resolved, a new one may be made.
// A suspended member keeps their rows; `profiles.suspended_at` hides them until an admin restores them.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema.alterTable('profiles').addColumn('suspended_at', ts).execute();
  // A message a moderator removed keeps its place in the conversation with a note instead of its text.
  await db.schema.alterTable('messages').addColumn('removed_at', ts).execute();
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('resolved_at', ts)
    .addColumn('resolved_by', 'text')
    .execute();
  await db.schema
    .createIndex('reports_open_once')
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('reports_target_idx')
    .on('reports')
    .columns(['target_type', 'target_id', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('messages').dropColumn('removed_at').execute();
  await db.schema.alterTable('profiles').dropColumn('suspended_at').execute();
}
