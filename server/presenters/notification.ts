import type { Notification, NotificationType } from '@common/schemas/notifications.ts';

interface NotificationRow {
  id: string;
  type: NotificationType;
  message: string | null;
  post_id: string | null;
  is_read: boolean | number;
  created_at: string;
  group_count: number | string;
  from_user_id: string | null;
  /** The sender's profile, when there is a sender and they still exist. */
  username: string | null;
  full_name: string | null;
  avatar_url: string | null;
  group_slug?: string | null;
  group_name?: string | null;
  event_id?: string | null;
  event_title?: string | null;
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    post_id: row.post_id,
    is_read: Boolean(row.is_read),
    created_at: row.created_at,
    others: Math.max(0, Number(row.group_count) - 1),
    group: row.group_slug && row.group_name ? { slug: row.group_slug, name: row.group_name } : null,
    event: row.event_id && row.event_title ? { id: row.event_id, title: row.event_title } : null,
    from:
      row.from_user_id && row.username
        ? {
            id: row.from_user_id,
            username: row.username,
            full_name: row.full_name ?? '',
            avatar_url: row.avatar_url ?? null,
          }
        : null,
  };
}
