import type { Kysely } from 'kysely';

// A number per member that changes whenever the members hidden from their feeds change: they block,
// unblock, mute or unmute someone, or someone blocks or unblocks them. Each app node keeps a member's
// hidden members with the number it read them at (queries/hiddenMembers.ts) and reads the list again
// only when the number moved, on any node. No row: 0. Kept out of profiles, so the data export does not
// tell a member that someone blocked them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hidden_versions')
    .addColumn('member_id', 'text', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hidden_versions').execute();
}
