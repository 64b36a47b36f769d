import { type Kysely, PostgresAdapter } from 'kysely';

// Members' safety tools: who blocked whom and who muted whom. One row per ordered pair; the primary
// key serves "whom did I block", the second index "who blocked me" (feeds check both directions).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const userRef = (c: any) => c.notNull().references('user.id').onDelete('cascade');
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', userRef)
    .addColumn('blocked_id', 'text', userRef)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema
    .createIndex('blocks_blocked_idx')
    .on('blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();
  await db.schema
    .createTable('mutes')
    .addColumn('muter_id', 'text', userRef)
    .addColumn('muted_id', 'text', userRef)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('mutes_pk', ['muter_id', 'muted_id'])
    .execute();
  await db.schema.createIndex('mutes_muted_idx').on('mutes').columns(['muted_id', 'muter_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mutes').execute();
  await db.schema.dropTable('blocks').execute();
}
