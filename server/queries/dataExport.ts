import type { DataExport, DataSummary } from '@common/schemas/settings.ts';
import { exportSessions } from '@server/auth/memberSessions.ts';
import { exportPasskeys } from '@server/auth/passkeys.ts';
import { exportSignInBrowsers } from '@server/auth/signInAlerts.ts';
import type { DB } from '@server/db/types.ts';
import { unauthorized } from '@server/http/errors.ts';
import type { MediaStorage } from '@server/media/storage.ts';
import { listAuthorizedApps } from '@server/oauth/model.ts';
import { eventSeenBy } from '@server/policies/event.ts';
import { notificationsStillSeen } from '@server/queries/notifications.ts';
import { exportRecipes } from '@server/queries/recipeExport.ts';
import { getPreferences } from '@server/queries/settings.ts';
import type { Kysely } from 'kysely';

type Row = Record<string, unknown>;

const BOOLEAN_COLUMNS = new Set([
  'followers_visible',
  'is_read',
  'anonymous',
  'notify_prayed',
  'has_recipe',
  'checked',
]);

/** Rows as a person reads them: SQLite's 0/1 flags become true/false, dates ISO-8601. */
function readable<T extends object>(rows: T[]): Row[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        BOOLEAN_COLUMNS.has(key) ? Boolean(value) : value instanceof Date ? value.toISOString() : value,
      ]),
    ),
  );
}

const isoDate = (value: string | Date) => new Date(value).toISOString();

async function accountOf(db: Kysely<DB>, userId: string) {
  const user = await db
    .selectFrom('user')
    .select(['id', 'email', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw unauthorized();
  return { id: user.id, email: user.email, created_at: isoDate(user.createdAt) };
}

/** Everything Splikz holds about the member (GET /api/settings/data). */
export async function exportMemberData(
  db: Kysely<DB>,
  userId: string,
  urls: Pick<MediaStorage, 'publicUrl'>,
): Promise<DataExport> {
  const [account, profile] = await Promise.all([
    accountOf(db, userId),
    db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  const media = await db
    .selectFrom('media_objects')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return {
    exported_at: new Date().toISOString(),
    account,
    profile: readable([profile])[0]!,
    settings: await getPreferences(db, userId),
    // PostgreSQL's posts also hold their search index (`search`, migration 20261203T0700): not the member's data.
    posts: readable(
      await db.selectFrom('posts').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    ).map(({ search: _index, ...post }) => post),
    comments: readable(
      await db
        .selectFrom('comments')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    ),
    likes: readable(
      await db.selectFrom('likes').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    ),
    // The tags the member follows (issue 51).
    followed_tags: readable(
      await db
        .selectFrom('tag_follows')
        .select(['tag', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    ),
    // The posts the member saved for later (issue 51): which, and when.
    bookmarks: readable(
      await db
        .selectFrom('bookmarks')
        .select(['post_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    ),
    follows: {
      following: readable(
        await db
          .selectFrom('follows')
          .innerJoin('profiles', 'profiles.id', 'follows.following_id')
          .select(['follows.following_id', 'profiles.username', 'follows.created_at'])
          .where('follows.follower_id', '=', userId)
          .orderBy('follows.created_at')
          .execute(),
      ),
      followers: readable(
        await db
          .selectFrom('follows')
          .innerJoin('profiles', 'profiles.id', 'follows.follower_id')
          .select(['follows.follower_id', 'profiles.username', 'follows.created_at'])
          .where('follows.following_id', '=', userId)
          .orderBy('follows.created_at')
          .execute(),
      ),
    },
    // Whom the member blocked and muted, and when; never who blocked or muted them (theirs to keep).
    blocks_and_mutes: {
      blocked: readable(
        await db
          .selectFrom('blocks')
          .innerJoin('profiles', 'profiles.id', 'blocks.blocked_id')
          .select(['blocks.blocked_id', 'profiles.username', 'blocks.created_at'])
          .where('blocks.blocker_id', '=', userId)
          .orderBy('blocks.created_at')
          .execute(),
      ),
      muted: readable(
        await db
          .selectFrom('mutes')
          .innerJoin('profiles', 'profiles.id', 'mutes.muted_id')
          .select(['mutes.muted_id', 'profiles.username', 'mutes.created_at'])
          .where('mutes.muter_id', '=', userId)
          .orderBy('mutes.created_at')
          .execute(),
      ),
    },
    friendships: readable(
      await db
        .selectFrom('friendships')
        .selectAll()
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
        .orderBy('created_at')
        .execute(),
    ),
    messages: {
      sent: readable(
        await db
          .selectFrom('messages')
          .selectAll()
          .where('sender_id', '=', userId)
          .orderBy('created_at')
          .execute(),
      ),
      received: readable(
        await db
          .selectFrom('messages')
          .selectAll()
          .where('receiver_id', '=', userId)
          .orderBy('created_at')
          .execute(),
      ),
    },
    notifications: readable(
      // Only lines about what the member may still see (a group that removed them keeps its events' words).
      await notificationsStillSeen(db, userId)
        .selectAll('notifications')
        .orderBy('notifications.created_at')
        .execute(),
    ),
    pending_posts: {
      submitted: readable(
        await db
          .selectFrom('pending_posts')
          .selectAll()
          .where('author_id', '=', userId)
          .orderBy('created_at')
          .execute(),
      ),
      on_my_wall: readable(
        await db
          .selectFrom('pending_posts')
          .selectAll()
          .where('profile_owner_id', '=', userId)
          .orderBy('created_at')
          .execute(),
      ),
    },
    contact_messages: readable(
      await db
        .selectFrom('contact_messages')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    ),
    groups: readable(
      await db
        .selectFrom('group_members')
        .innerJoin('groups', 'groups.id', 'group_members.group_id')
        .select([
          'groups.id as group_id',
          'groups.slug',
          'groups.name',
          'groups.privacy',
          'group_members.standing',
          'group_members.role',
          'group_members.notify',
          'group_members.created_at',
        ])
        .where('group_members.user_id', '=', userId)
        .orderBy('group_members.created_at')
        .execute(),
    ),
    events: {
      // The events the member hosts, and their own answers to events (never other members' answers).
      hosted: readable(
        await db
          .selectFrom('events')
          .select([
            'id',
            'title',
            'description',
            'category',
            'starts_at',
            'ends_at',
            'time_zone',
            'repeat',
            'repeat_until',
            'place',
            'venue',
            'address',
            'online_url',
            'capacity',
            'ticket_url',
            'group_id',
            'cancelled_at',
            'cancel_reason',
            'created_at',
          ])
          .where('host_id', '=', userId)
          .orderBy('created_at')
          .execute(),
      ),
      answers: readable(
        await db
          .selectFrom('event_rsvps')
          // Their own answer stays; the title only of an event they may still see (not one of a group
          // that removed or banned them).
          .leftJoin('events', (join) =>
            join.onRef('events.id', '=', 'event_rsvps.event_id').on(eventSeenBy(userId)),
          )
          .select([
            'event_rsvps.event_id',
            'events.title',
            'event_rsvps.occurrence',
            'event_rsvps.answer',
            'event_rsvps.guests',
            'event_rsvps.updated_at',
          ])
          .where('event_rsvps.user_id', '=', userId)
          .orderBy('event_rsvps.occurrence')
          .execute(),
      ),
    },
    // The member's own prayer life (issue 27): their journal is among `posts` (with who may see each
    // request); here are the updates they wrote, their prayer list and reminder, and whom they prayed for.
    prayer: {
      updates: readable(
        await db
          .selectFrom('prayer_updates')
          .innerJoin('posts', 'posts.id', 'prayer_updates.post_id')
          .select([
            'prayer_updates.id',
            'prayer_updates.post_id',
            'prayer_updates.content',
            'prayer_updates.created_at',
          ])
          .where('posts.user_id', '=', userId)
          .orderBy('prayer_updates.created_at')
          .execute(),
      ),
      list: readable(
        await db
          .selectFrom('prayer_list')
          .select(['post_id', 'added_at'])
          .where('user_id', '=', userId)
          .orderBy('added_at')
          .execute(),
      ),
      prayed_for: readable(
        await db
          .selectFrom('prayers')
          .select(['post_id', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute(),
      ),
      reminder: readable(
        await db
          .selectFrom('prayer_reminders')
          .select(['time_of_day', 'time_zone', 'next_at'])
          .where('user_id', '=', userId)
          .execute(),
      ),
    },
    recipes: await exportRecipes(db, userId, readable),
    media: readable(
      media.map((m) => ({
        ...m,
        url: urls.publicUrl(m.storage_key),
        feed_url: m.variant_key ? urls.publicUrl(m.variant_key) : null,
      })),
    ),
    sessions: await exportSessions(db, userId),
    passkeys: await exportPasskeys(db, userId),
    sign_in_browsers: await exportSignInBrowsers(db, userId),
    authorized_apps: (await listAuthorizedApps(db, userId)).map((app) => ({ ...app })),
  };
}

/** The counts 'Review your data' shows (GET /api/settings/data/summary). */
export async function summarizeMemberData(db: Kysely<DB>, userId: string): Promise<DataSummary> {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  const [account, posts, comments, likes, followers, following, sentOrReceived] = await Promise.all([
    accountOf(db, userId),
    count(
      db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId),
    ),
    count(
      db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId),
    ),
    count(
      db
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId),
    ),
    count(
      db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('following_id', '=', userId),
    ),
    count(
      db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('follower_id', '=', userId),
    ),
    count(
      db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)])),
    ),
  ]);
  return {
    email: account.email,
    created_at: account.created_at,
    counts: { posts, comments, likes, followers, following, messages: sentOrReceived },
  };
}
