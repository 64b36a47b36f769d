import type { Kysely } from 'kysely';

// An upload's description (issue 53): Mastodon's apps send a photo's alt text with the photo
// (POST /api/v2/media) or change it before posting (PUT /api/v1/media/:id); the post it goes into
// takes it as its alt text. The web app writes alt text with the post, as before.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_objects').addColumn('description', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_objects').dropColumn('description').execute();
}
