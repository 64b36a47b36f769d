import { type Kysely, PostgresAdapter } from 'kysely';

// 'I prayed' on prayer posts (issue 15): one row per member and post, like `likes`, with a counter
// on the post. A notification can now stand for several senders: `group_count` is how many members
// one unread 'prayer' notification covers ('Ana and 4 others prayed for your request'), so a popular
// request keeps one line in the author's bell instead of one per prayer.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('prayers')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('prayers_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('prayers_user_idx').on('prayers').columns(['user_id', 'post_id']).execute();
  await db.schema
    .alterTable('posts')
    .addColumn('prayed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('group_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('group_count').execute();
  await db.schema.alterTable('posts').dropColumn('prayed_count').execute();
  await db.schema.dropTable('prayers').execute();
}
