import { NOTIFICATIONS_SHOWN, type NotificationList } from '@common/schemas/notifications.ts';
import type { DB } from '@server/db/types.ts';
import { visibleMember } from '@server/policies/blocks.ts';
import { eventSeenBy } from '@server/policies/event.ts';
import { presentNotification } from '@server/presenters/notification.ts';
import type { Kysely } from 'kysely';

/**
 * The bell: the member's latest notifications (never anyone else's) and their unread count. A sender
 * who is hidden now (suspended) shows as no one, as a sender who left does.
 */
export async function listNotifications(db: Kysely<DB>, userId: string): Promise<NotificationList> {
  const rows = await db
    .selectFrom('notifications')
    .leftJoin('profiles', (join) =>
      join.onRef('profiles.id', '=', 'notifications.from_user_id').on(visibleMember('profiles.id')),
    )
    .leftJoin('groups', 'groups.id', 'notifications.group_id')
    // An event's lines show while the member may still see it (a group's event follows the group).
    .leftJoin('events', (join) =>
      join.onRef('events.id', '=', 'notifications.event_id').on(eventSeenBy(userId)),
    )
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
    .where('notifications.user_id', '=', userId)
    .where((eb) => eb.or([eb('notifications.event_id', 'is', null), eb('events.id', 'is not', null)]))
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(NOTIFICATIONS_SHOWN)
    .execute();
  const unread = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return { unread_count: Number(unread.n), notifications: rows.map(presentNotification) };
}
