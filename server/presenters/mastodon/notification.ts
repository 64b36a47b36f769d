import type { NotificationType } from '@common/schemas/notifications.ts';
import type { Post } from '@common/schemas/posts.ts';
import { presentAuthorAccount } from './account.ts';
import { presentStatus } from './status.ts';

/** Splikz's notification types by Mastodon's names; the rest keep their own (apps skip what they do not know). */
export const MASTODON_NOTIFICATION_TYPES: Partial<Record<NotificationType, string>> = {
  like: 'favourite',
  mention: 'mention',
  friend_request: 'follow_request',
  poll_ended: 'poll',
};

/** A bell row (with its sender) as Mastodon's Notification, with the post it is about if still seen. */
export function presentMastodonNotification(
  base: string,
  row: {
    id: string;
    type: NotificationType;
    created_at: string;
    from_user_id: string | null;
    username: string | null;
    full_name: string | null;
    avatar_url: string | null;
  },
  post: Post | null,
) {
  return {
    id: row.id,
    type: MASTODON_NOTIFICATION_TYPES[row.type] ?? row.type,
    created_at: row.created_at,
    account: presentAuthorAccount(base, {
      id: row.from_user_id ?? '',
      username: row.username ?? '',
      full_name: row.full_name ?? '',
      avatar_url: row.avatar_url,
    }),
    status: post ? presentStatus(base, post) : null,
  };
}
