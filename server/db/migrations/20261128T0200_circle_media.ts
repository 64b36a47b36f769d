import { type Kysely, PostgresAdapter } from 'kysely';

// FaithVerse circles carried by a Janus media server (issue 29). A circle's media path is decided when
// it first goes live: 'janus' when a Janus server opened a room for it, 'mesh' (host to each guest)
// otherwise; null before. The room's id, secret and pin live in their own table, which no presenter
// reads: browsers never see them. A member's row gains the stage: a raised hand, an invitation to
// speak or a place on stage, and the Janus feed they publish (the host's, or a speaker's).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema.alterTable('faith_circles').addColumn('media', 'text').execute();
  await db.schema
    .createTable('faith_circle_janus_rooms')
    .addColumn('circle_id', 'text', (c) => c.primaryKey().references('faith_circles.id').onDelete('cascade'))
    .addColumn('server_url', 'text', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('pin', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('faith_circle_members').addColumn('hand_raised_at', ts).execute();
  await db.schema.alterTable('faith_circle_members').addColumn('stage', 'text').execute();
  await db.schema.alterTable('faith_circle_members').addColumn('janus_feed', 'text').execute();
  await db.schema
    .createIndex('faith_circle_janus_rooms_server_idx')
    .on('faith_circle_janus_rooms')
    .column('server_url')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('faith_circle_janus_rooms').execute();
  for (const column of ['janus_feed', 'stage', 'hand_raised_at']) {
    await db.schema.alterTable('faith_circle_members').dropColumn(column).execute();
  }
  await db.schema.alterTable('faith_circles').dropColumn('media').execute();
}
