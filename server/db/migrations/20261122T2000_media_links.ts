import type { Kysely } from 'kysely';

// Posts (and posts awaiting approval) point at the uploaded media object they show, and keep the URL
// of the resized variant feeds load. Media objects remember their variant and their dimensions.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['posts', 'pending_posts']) {
    await db.schema
      .alterTable(table)
      .addColumn('media_id', 'text', (c) => c.references('media_objects.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable(table).addColumn('image_feed_url', 'text').execute();
  }
  await db.schema.createIndex('posts_media_idx').on('posts').column('media_id').execute();
  await db.schema.alterTable('media_objects').addColumn('variant_key', 'text').execute();
  await db.schema.alterTable('media_objects').addColumn('width', 'integer').execute();
  await db.schema.alterTable('media_objects').addColumn('height', 'integer').execute();
  await db.schema.alterTable('media_objects').addColumn('duration_ms', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posts_media_idx').execute();
  for (const column of ['duration_ms', 'height', 'width', 'variant_key']) {
    await db.schema.alterTable('media_objects').dropColumn(column).execute();
  }
  for (const table of ['pending_posts', 'posts']) {
    await db.schema.alterTable(table).dropColumn('image_feed_url').execute();
    await db.schema.alterTable(table).dropColumn('media_id').execute();
  }
}
