import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Prayer requests from asked to answered (issue 27, DESIGN section 7). A request stays a post of
// category prayer and gains who may see it, an anonymous flag (the author is stored as always; only the
// presenters hide it), an urgent mark until a time, an expiry counted from its last update (or none),
// when its author was asked 'Still need prayer?', and its answer with a testimony. Its updates have
// their own table, in order. A member's prayer list and daily reminder have theirs; 'Stop updates' is
// a row per member and request.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const bool = pg ? 'boolean' : 'integer';
  const yes = pg ? sql`true` : sql`1`;
  const no = pg ? sql`false` : sql`0`;
  const post = (c: any) => c.notNull().references('posts.id').onDelete('cascade');
  const user = (c: any) => c.notNull().references('user.id').onDelete('cascade');
  const columns: Array<[string, string, (c: any) => any]> = [
    ['visibility', 'text', (c) => c.notNull().defaultTo('everyone')],
    ['anonymous', bool, (c) => c.notNull().defaultTo(no)],
    ['urgent_until', ts, (c) => c],
    ['expires_after_days', 'integer', (c) => c],
    ['expires_at', ts, (c) => c],
    ['expiry_asked_at', ts, (c) => c],
    ['answered_at', ts, (c) => c],
    ['testimony', 'text', (c) => c],
    ['update_count', 'integer', (c) => c.notNull().defaultTo(0)],
    ['notify_prayed', bool, (c) => c.notNull().defaultTo(yes)],
  ];
  for (const [name, type, build] of columns) {
    await db.schema
      .alterTable('posts')
      .addColumn(name, type as 'text', build)
      .execute();
  }
  // The feeds merge a member's own and friends' restricted requests into their page: found by author.
  await db.schema
    .createIndex('posts_restricted_idx')
    .on('posts')
    .columns(['user_id', 'created_at'])
    .where(sql.ref('visibility'), 'in', ['friends', 'only_me'])
    .execute();
  await db.schema
    .createIndex('posts_urgent_idx')
    .on('posts')
    .columns(['urgent_until'])
    .where(sql.ref('urgent_until'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('posts_expiry_idx')
    .on('posts')
    .columns(['expires_at'])
    .where(sql.ref('expires_at'), 'is not', null)
    .execute();
  // The 'Answered' tab, newest first: only answered requests are in it.
  await db.schema
    .createIndex('posts_answered_idx')
    .on('posts')
    .columns(['created_at', 'id'])
    .where(sql.ref('answered_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('prayer_updates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', post)
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prayer_updates_post_idx')
    .on('prayer_updates')
    .columns(['post_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('prayer_list')
    .addColumn('user_id', 'text', user)
    .addColumn('post_id', 'text', post)
    .addColumn('added_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('prayer_list_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema.createIndex('prayer_list_post_idx').on('prayer_list').columns(['post_id']).execute();

  await db.schema
    .createTable('prayer_update_offs')
    .addColumn('user_id', 'text', user)
    .addColumn('post_id', 'text', post)
    .addPrimaryKeyConstraint('prayer_update_offs_pk', ['user_id', 'post_id'])
    .execute();

  await db.schema
    .createTable('prayer_reminders')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    /** 'HH:MM' in time_zone. */
    .addColumn('time_of_day', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    /** The next reminder's instant (UTC): the job claims it by moving it on. */
    .addColumn('next_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prayer_reminders_next_idx')
    .on('prayer_reminders')
    .columns(['next_at'])
    .execute();

  for (const name of ['push_prayer', 'email_prayer']) {
    await db.schema
      .alterTable('user_settings')
      .addColumn(name, bool, (c) => c.notNull().defaultTo(yes))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['email_prayer', 'push_prayer']) {
    await db.schema.alterTable('user_settings').dropColumn(name).execute();
  }
  for (const table of ['prayer_reminders', 'prayer_update_offs', 'prayer_list', 'prayer_updates']) {
    await db.schema.dropTable(table).execute();
  }
  for (const index of [
    'posts_answered_idx',
    'posts_expiry_idx',
    'posts_urgent_idx',
    'posts_restricted_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  const columns = [
    'notify_prayed',
    'update_count',
    'testimony',
    'answered_at',
    'expiry_asked_at',
    'expires_at',
    'expires_after_days',
    'urgent_until',
    'anonymous',
    'visibility',
  ];
  for (const name of columns) await db.schema.alterTable('posts').dropColumn(name).execute();
}
