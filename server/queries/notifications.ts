import {
  NOTIFICATIONS_SHOWN,
  type NotificationList,
  type NotificationType,
} from '@common/schemas/notifications.ts';
import type { DB } from '@server/db/types.ts';
import { visibleMember } from '@server/policies/blocks.ts';
import { circleVisibleTo } from '@server/policies/circle.ts';
import { eventSeenBy } from '@server/policies/event.ts';
import { postSeenBy } from '@server/policies/post.ts';
import { postAuthorNotHiddenFrom } from '@server/policies/prayer.ts';
import { presentNotification } from '@server/presenters/notification.ts';
import type { Kysely } from 'kysely';

/**
 * The bell: the member's latest notifications (never anyone else's) and their unread count. A sender
 * who is hidden now (suspended) shows as no one, as a sender who left does. A line about a post or an
 * event shows while the member may still see it (policies/post.ts, policies/event.ts): removed from a
 * group, banned by it or blocked since, its stored lines about the group's posts, events and circles are gone.
 */
export async function listNotifications(db: Kysely<DB>, userId: string): Promise<NotificationList> {
  const rows = await notificationsStillSeen(db, userId)
    .leftJoin('profiles', (join) =>
      join.onRef('profiles.id', '=', 'notifications.from_user_id').on(visibleMember('profiles.id')),
    )
    .leftJoin('groups', 'groups.id', 'notifications.group_id')
    .select([
      'notifications.id',
      'notifications.type',
      'notifications.message',
      'notifications.post_id',
      'notifications.is_read',
      'notifications.created_at',
      'notifications.group_count',
      'notifications.from_user_id',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
      'groups.slug as group_slug',
      'groups.name as group_name',
      'events.id as event_id',
      'events.title as event_title',
    ])
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(NOTIFICATIONS_SHOWN)
    .execute();
  const unread = await notificationsStillSeen(db, userId)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('notifications.is_read', '=', false)
    .executeTakeFirstOrThrow();
  return { unread_count: Number(unread.n), notifications: rows.map(presentNotification) };
}

/**
 * The member's notification rows whose post and event (when they name one) the member may see now: the
 * bell and the data export (queries/dataExport.ts) read the same rows.
 */
export function notificationsStillSeen(db: Kysely<DB>, userId: string) {
  return (
    db
      .selectFrom('notifications')
      .leftJoin('events', (join) =>
        join.onRef('events.id', '=', 'notifications.event_id').on(eventSeenBy(userId)),
      )
      // `post_id` names a circle on a circle's lines: only a post there is asked about.
      .leftJoin('posts as named', 'named.id', 'notifications.post_id')
      .leftJoin('posts', (join) =>
        join.onRef('posts.id', '=', 'named.id').on(postSeenBy(userId)).on(postAuthorNotHiddenFrom(userId)),
      )
      // A circle's line shows while the circle is the member's to see (a group's: its members only).
      .leftJoin('faith_circles as named_circle', 'named_circle.id', 'notifications.post_id')
      .leftJoin('faith_circles as c', (join) =>
        join.onRef('c.id', '=', 'named_circle.id').on(circleVisibleTo(userId, 'c.host_id')),
      )
      .where('notifications.user_id', '=', userId)
      .where((eb) =>
        eb.and([
          eb.or([eb('notifications.event_id', 'is', null), eb('events.id', 'is not', null)]),
          eb.or([eb('named.id', 'is', null), eb('posts.id', 'is not', null)]),
          eb.or([eb('named_circle.id', 'is', null), eb('c.id', 'is not', null)]),
        ]),
      )
  );
}

/**
 * A page of the member's notifications for the Mastodon API (issue 53), newest first, from the same
 * rows the bell reads (notificationsStillSeen): those before `maxId`, of `types` when given.
 */
export async function listNotificationPage(
  db: Kysely<DB>,
  userId: string,
  options: { limit: number; maxId: string | null; sinceId: string | null; types: string[] | null },
) {
  let query = notificationsStillSeen(db, userId)
    .leftJoin('profiles', (join) =>
      join.onRef('profiles.id', '=', 'notifications.from_user_id').on(visibleMember('profiles.id')),
    )
    .select([
      'notifications.id',
      'notifications.type',
      'notifications.post_id',
      'notifications.created_at',
      'notifications.from_user_id',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
    ])
    // A line from nobody (a reminder, a circle going live from a member now hidden) has no account.
    .where('profiles.id', 'is not', null);
  if (options.types) query = query.where('notifications.type', 'in', options.types as NotificationType[]);
  if (options.maxId) query = query.where('notifications.id', '<', options.maxId);
  if (options.sinceId) query = query.where('notifications.id', '>', options.sinceId);
  const rows = await query
    .orderBy('notifications.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return { rows: rows.slice(0, options.limit), more: rows.length > options.limit };
}
