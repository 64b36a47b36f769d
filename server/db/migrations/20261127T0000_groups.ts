import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Groups (issue 25, DESIGN section 7): lasting spaces with an owner, admins and members. One row per
// group; one row per member and group for every standing (asked, invited, in it, banned), so a banned
// member's row keeps them from asking again. A post belongs to at most one group (posts.group_id) and
// follows its privacy; deleting a group deletes its posts and memberships by cascade.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const userRef = (c: any) => c.notNull().references('user.id').onDelete('cascade');
  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('privacy', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', userRef)
    .addColumn('cover_media_id', 'text')
    .addColumn('cover_url', 'text')
    .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinned_post_id', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_activity_at', ts, (c) => c.notNull())
    .addCheckConstraint('groups_category_ck', sql`category in ('faith', 'food', 'comedy', 'community')`)
    .addCheckConstraint('groups_privacy_ck', sql`privacy in ('public', 'private', 'secret')`)
    .execute();
  await db.schema.createIndex('groups_activity_idx').on('groups').columns(['last_activity_at']).execute();
  await db.schema.createIndex('groups_owner_idx').on('groups').columns(['owner_id', 'created_at']).execute();
  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', userRef)
    .addColumn('standing', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('notify', 'text', (c) => c.notNull().defaultTo('all'))
    /** Who invited them (an invitation), for the per-day limit. */
    .addColumn('invited_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .addCheckConstraint(
      'group_members_standing_ck',
      sql`standing in ('requested', 'invited', 'member', 'banned')`,
    )
    .addCheckConstraint('group_members_role_ck', sql`role in ('owner', 'admin', 'member')`)
    .addCheckConstraint('group_members_notify_ck', sql`notify in ('all', 'off')`)
    .execute();
  await db.schema
    .createIndex('group_members_user_idx')
    .on('group_members')
    .columns(['user_id', 'standing', 'group_id'])
    .execute();
  await db.schema
    .createIndex('group_members_group_idx')
    .on('group_members')
    .columns(['group_id', 'standing', 'created_at'])
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('group_id', 'text', (c) => c.references('groups.id').onDelete('cascade'))
    .execute();
  // A circle started on a group's page belongs to it: listed for and joined by its members only.
  await db.schema
    .alterTable('faith_circles')
    .addColumn('group_id', 'text', (c) => c.references('groups.id').onDelete('cascade'))
    .execute();
  // What a group tells its members (a request, an invitation, a new post) names the group; the lines go
  // with it.
  await db.schema
    .alterTable('notifications')
    .addColumn('group_id', 'text', (c) => c.references('groups.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('posts_group_idx')
    .on('posts')
    .columns(['group_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('group_id').execute();
  await db.schema.alterTable('faith_circles').dropColumn('group_id').execute();
  await db.schema.dropIndex('posts_group_idx').execute();
  await db.schema.alterTable('posts').dropColumn('group_id').execute();
  await db.schema.dropTable('group_members').execute();
  await db.schema.dropTable('groups').execute();
}
