import type { Kysely } from 'kysely';

// Hashtags (issue 51). post_tags holds each post's tags, case-folded, written with the post and again
// on each edit (commands/hashtags.ts), with the post's time and author copied so a tag's page reads
// its newest posts by index and Trending Now counts a day's distinct members without the posts table.
// tag_follows: the tags a member follows ('Followed tags' in the drawer).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('post_tags_tag_created_idx')
    .on('post_tags')
    .columns(['tag', 'created_at', 'post_id'])
    .execute();
  await db.schema.createIndex('post_tags_created_idx').on('post_tags').column('created_at').execute();
  await db.schema
    .createTable('tag_follows')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_follows_pk', ['user_id', 'tag'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tag_follows').execute();
  await db.schema.dropTable('post_tags').execute();
}
