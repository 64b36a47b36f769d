import type { Kysely } from 'kysely';

// A profile remembers which uploads its avatar, cover and profile video show, so replacing one
// deletes the old file, and a post cannot claim a file the profile shows. The profile video is new:
// a clip of at most 3 seconds (DESIGN.md) that plays in place of the avatar on the profile page.
const columns = ['avatar_media_id', 'cover_media_id', 'profile_video_media_id'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('profile_video_url', 'text').execute();
  for (const column of columns) {
    await db.schema
      .alterTable('profiles')
      .addColumn(column, 'text', (c) => c.references('media_objects.id').onDelete('set null'))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...columns, 'profile_video_url']) {
    await db.schema.alterTable('profiles').dropColumn(column).execute();
  }
}
