import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  sql,
} from 'kysely';

// The whole data model of spec section 3 plus DESIGN.md section 5. Ids are UUIDv7 text, timestamps
// UTC (timestamptz on PostgreSQL, ISO-8601 text on SQLite), booleans boolean / 0-1 integer.

type Table = CreateTableBuilder<string, string>;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const bool = pg ? 'boolean' : 'integer';
  const now: RawBuilder<unknown> = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const yes = pg ? sql`true` : sql`1`;
  const no = pg ? sql`false` : sql`0`;
  const created = (t: Table) => t.addColumn('created_at', ts, (c) => c.notNull().defaultTo(now));
  const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references('user.id').onDelete('cascade');
  const createTable = (name: string) => db.schema.createTable(name);

  // Profiles share the user's id. The key is checked at commit so the profile can be written in the
  // same transaction just before Better Auth inserts the user row.
  await created(
    createTable('profiles')
      .addColumn('id', 'text', (c) =>
        c
          .primaryKey()
          .references('user.id')
          .onDelete('cascade')
          .modifyEnd(sql`deferrable initially deferred`),
      )
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('avatar_url', 'text')
      .addColumn('bio', 'text')
      .addColumn('cover_photo_url', 'text')
      .addColumn('cover_photo_position', 'integer', (c) => c.notNull().defaultTo(50))
      .addColumn('hobbies', 'text')
      .addColumn('favorite_movies', 'text')
      .addColumn('favorite_music', 'text')
      .addColumn('favorite_books', 'text')
      .addColumn('education', 'text')
      .addColumn('work', 'text')
      .addColumn('relationship_status', 'text')
      .addColumn('hometown', 'text')
      .addColumn('current_city', 'text')
      .addColumn('website', 'text')
      .addColumn('last_username_change', ts)
      .addColumn('followers_visible', bool, (c) => c.notNull().defaultTo(yes)),
  )
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('profiles_full_name_idx').on('profiles').column('full_name').execute();

  await created(
    createTable('user_roles')
      .addColumn('user_id', 'text', userRef)
      .addColumn('role', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role']),
  ).execute();

  await created(
    createTable('user_settings')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('push_new_posts', bool, (c) => c.notNull().defaultTo(yes))
      .addColumn('push_comments', bool, (c) => c.notNull().defaultTo(yes))
      .addColumn('push_likes', bool, (c) => c.notNull().defaultTo(yes))
      .addColumn('push_messages', bool, (c) => c.notNull().defaultTo(yes))
      .addColumn('email_new_posts', bool, (c) => c.notNull().defaultTo(no))
      .addColumn('email_updates', bool, (c) => c.notNull().defaultTo(no))
      .addColumn('autoplay_videos', bool, (c) => c.notNull().defaultTo(yes))
      .addColumn('high_quality_images', bool, (c) => c.notNull().defaultTo(yes))
      .addColumn('data_saver', bool, (c) => c.notNull().defaultTo(no))
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en-US')),
  )
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();

  await created(
    createTable('posts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', userRef)
      .addColumn('profile_owner_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
      .addColumn('category', 'text', (c) => c.notNull().defaultTo('general'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text')
      .addColumn('media_type', 'text', (c) => c.notNull().defaultTo('none'))
      .addColumn('prayer_type', 'text')
      .addColumn('food_category', 'text')
      .addColumn('recipe', 'text')
      .addColumn('feeling', 'text')
      .addColumn('location_name', 'text')
      .addColumn('location_lat', 'real')
      .addColumn('location_lng', 'real')
      .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('share_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0)),
  )
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('posts_category_ck', sql`category in ('general', 'prayer', 'food', 'comedy')`)
    .addCheckConstraint('posts_media_type_ck', sql`media_type in ('photo', 'video', 'none')`)
    .execute();
  await db.schema.createIndex('posts_feed_idx').on('posts').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('posts_category_feed_idx')
    .on('posts')
    .columns(['category', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('posts_user_idx').on('posts').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('posts_profile_owner_idx')
    .on('posts')
    .columns(['profile_owner_id', 'created_at'])
    .execute();

  await created(
    createTable('likes')
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', 'text', userRef)
      .addPrimaryKeyConstraint('likes_pk', ['post_id', 'user_id']),
  ).execute();
  await db.schema.createIndex('likes_user_idx').on('likes').columns(['user_id', 'post_id']).execute();

  await created(
    createTable('comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', 'text', userRef)
      .addColumn('content', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('comments_post_idx')
    .on('comments')
    .columns(['post_id', 'created_at'])
    .execute();
  await db.schema.createIndex('comments_user_idx').on('comments').column('user_id').execute();

  await created(
    createTable('post_views')
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('viewer_id', 'text', userRef)
      .addColumn('day', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_views_pk', ['post_id', 'viewer_id', 'day']),
  ).execute();
  await db.schema.createIndex('post_views_viewer_idx').on('post_views').column('viewer_id').execute();

  await created(
    createTable('follows')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('follower_id', 'text', userRef)
      .addColumn('following_id', 'text', userRef)
      .addUniqueConstraint('follows_pair_uq', ['follower_id', 'following_id'])
      .addCheckConstraint('follows_not_self_ck', sql`follower_id <> following_id`),
  ).execute();
  await db.schema.createIndex('follows_following_idx').on('follows').column('following_id').execute();

  await created(
    createTable('friendships')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', userRef)
      .addColumn('friend_id', 'text', userRef)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addUniqueConstraint('friendships_pair_uq', ['user_id', 'friend_id'])
      .addCheckConstraint('friendships_status_ck', sql`status in ('pending', 'accepted')`),
  ).execute();
  await db.schema.createIndex('friendships_friend_idx').on('friendships').column('friend_id').execute();

  await created(
    createTable('notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', userRef)
      .addColumn('from_user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      // A post id, or a circle id for circle_live (spec: /faithverse/circle/{post_id}); no foreign key.
      .addColumn('post_id', 'text')
      .addColumn('message', 'text')
      .addColumn('is_read', bool, (c) => c.notNull().defaultTo(no)),
  ).execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('notifications_from_idx').on('notifications').column('from_user_id').execute();

  await created(
    createTable('messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sender_id', 'text', userRef)
      .addColumn('receiver_id', 'text', userRef)
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('is_read', bool, (c) => c.notNull().defaultTo(no)),
  ).execute();
  await db.schema
    .createIndex('messages_pair_idx')
    .on('messages')
    .columns(['sender_id', 'receiver_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('messages_receiver_idx')
    .on('messages')
    .columns(['receiver_id', 'is_read'])
    .execute();

  await created(
    createTable('pending_posts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('profile_owner_id', 'text', userRef)
      .addColumn('author_id', 'text', userRef)
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text')
      .addColumn('media_type', 'text', (c) => c.notNull().defaultTo('none')),
  ).execute();
  await db.schema
    .createIndex('pending_posts_owner_idx')
    .on('pending_posts')
    .columns(['profile_owner_id', 'created_at'])
    .execute();
  await db.schema.createIndex('pending_posts_author_idx').on('pending_posts').column('author_id').execute();

  await created(
    createTable('faith_circles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('host_id', 'text', userRef)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('faith', 'text', (c) => c.notNull())
      .addColumn('topic', 'text')
      .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
      .addColumn('mode', 'text', (c) => c.notNull().defaultTo('live'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('upcoming'))
      .addColumn('source_type', 'text', (c) => c.notNull().defaultTo('camera'))
      .addColumn('duration_min', 'integer', (c) => c.notNull().defaultTo(30))
      .addColumn('allow_preview', bool, (c) => c.notNull().defaultTo(yes))
      .addColumn('join_by_blessing', bool, (c) => c.notNull().defaultTo(yes))
      .addColumn('show_store', bool, (c) => c.notNull().defaultTo(yes))
      .addColumn('allow_donations', bool, (c) => c.notNull().defaultTo(yes))
      .addColumn('is_listed', bool, (c) => c.notNull().defaultTo(no))
      .addColumn('host_heartbeat', ts)
      .addColumn('max_guests', 'integer', (c) => c.notNull().defaultTo(10))
      .addCheckConstraint('faith_circles_visibility_ck', sql`visibility in ('public', 'unlisted', 'private')`)
      .addCheckConstraint('faith_circles_status_ck', sql`status in ('upcoming', 'live', 'ended')`)
      .addCheckConstraint('faith_circles_source_ck', sql`source_type in ('camera', 'screen', 'audio')`)
      .addCheckConstraint('faith_circles_duration_ck', sql`duration_min in (15, 30, 45, 60)`),
  ).execute();
  await db.schema
    .createIndex('faith_circles_live_idx')
    .on('faith_circles')
    .columns(['status', 'is_listed', 'host_heartbeat'])
    .execute();
  await db.schema.createIndex('faith_circles_host_idx').on('faith_circles').column('host_id').execute();

  await db.schema
    .createTable('faith_circle_members')
    .addColumn('circle_id', 'text', (c) => c.notNull().references('faith_circles.id').onDelete('cascade'))
    .addColumn('user_id', 'text', userRef)
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('guest'))
    .addColumn('joined_at', ts, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('faith_circle_members_pk', ['circle_id', 'user_id'])
    .addCheckConstraint('faith_circle_members_role_ck', sql`role in ('host', 'guest')`)
    .execute();
  await db.schema
    .createIndex('faith_circle_members_user_idx')
    .on('faith_circle_members')
    .column('user_id')
    .execute();

  await created(
    createTable('faith_circle_chat')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('circle_id', 'text', (c) => c.notNull().references('faith_circles.id').onDelete('cascade'))
      .addColumn('user_id', 'text', userRef)
      .addColumn('content', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('faith_circle_chat_circle_idx')
    .on('faith_circle_chat')
    .columns(['circle_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('faith_circle_chat_user_idx')
    .on('faith_circle_chat')
    .column('user_id')
    .execute();

  await created(
    createTable('spotlight_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('spotlight_date', 'text', (c) => c.notNull())
      .addColumn('rank_position', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', userRef)
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('full_name', 'text')
      .addColumn('avatar_url', 'text')
      .addColumn('total_engagement', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_likes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_comments', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('top_post_content', 'text')
      .addColumn('top_post_image_url', 'text')
      .addUniqueConstraint('spotlight_entries_rank_uq', ['spotlight_date', 'rank_position']),
  ).execute();
  await db.schema
    .createIndex('spotlight_entries_user_idx')
    .on('spotlight_entries')
    .column('user_id')
    .execute();

  await created(
    createTable('contact_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull()),
  ).execute();

  await created(
    createTable('comedy_shows')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('performer', 'text')
      .addColumn('venue', 'text', (c) => c.notNull())
      .addColumn('city', 'text')
      .addColumn('show_date', 'text', (c) => c.notNull())
      .addColumn('starts_at', ts)
      .addColumn('ticket_url', 'text'),
  ).execute();
  await db.schema.createIndex('comedy_shows_date_idx').on('comedy_shows').column('show_date').execute();

  // Every stored media file, so deleting an account can remove its files too.
  await created(
    createTable('media_objects')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', userRef)
      .addColumn('storage_key', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('media_objects_user_idx').on('media_objects').column('user_id').execute();

  // Jobs (spotlight, heartbeat sweep) run on one elected node: the holder of an unexpired lease.
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'job_leases',
    'media_objects',
    'comedy_shows',
    'contact_messages',
    'spotlight_entries',
    'faith_circle_chat',
    'faith_circle_members',
    'faith_circles',
    'pending_posts',
    'messages',
    'notifications',
    'friendships',
    'follows',
    'post_views',
    'comments',
    'likes',
    'posts',
    'user_settings',
    'user_roles',
    'profiles',
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
}
