import type { NotificationType } from '@common/schemas/notifications.ts';
import type { DB } from '@server/db/types.ts';
import { blockedBetween } from '@server/policies/blocks.ts';
import type { ExpressionBuilder, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { After } from './run.ts';

/**
 * Every write of notifications: adding, moving one to the top, withdrawing and marking read. Each
 * records, through `after`, that the members concerned must refetch their bell once it commits.
 */

export interface NewNotification {
  userId: string;
  fromUserId: string | null;
  type: NotificationType;
  postId?: string | null;
  message?: string | null;
}

/** Which of a member's notifications a withdrawal or a read concerns. */
export interface NotificationFilter {
  userId?: string;
  fromUserId?: string;
  type?: NotificationType;
  postId?: string;
  id?: string;
  unreadOnly?: boolean;
}

export async function notify(
  trx: Transaction<DB>,
  after: After,
  notification: NewNotification,
): Promise<string | null> {
  if (await blockedWithSender(trx, notification)) return null;
  const id = uuidv7();
  await trx
    .insertInto('notifications')
    .values({
      id,
      user_id: notification.userId,
      from_user_id: notification.fromUserId,
      type: notification.type,
      post_id: notification.postId ?? null,
      message: notification.message ?? null,
      is_read: false,
      created_at: new Date().toISOString(),
    })
    .execute();
  after.notificationsChanged(notification.userId);
  return id;
}

/**
 * One unread notification per sender and kind: a later one moves it to the top instead of adding
 * another (a conversation's messages).
 */
export async function notifyOnce(trx: Transaction<DB>, after: After, notification: NewNotification) {
  if (await blockedWithSender(trx, notification)) return;
  const bumped = await trx
    .updateTable('notifications')
    .set({ created_at: new Date().toISOString() })
    .where((eb) =>
      matching(eb, {
        userId: notification.userId,
        ...(notification.fromUserId ? { fromUserId: notification.fromUserId } : {}),
        type: notification.type,
        unreadOnly: true,
      }),
    )
    .executeTakeFirst();
  if (Number(bumped.numUpdatedRows) > 0) after.notificationsChanged(notification.userId);
  else await notify(trx, after, notification);
}

/** Removes what no longer stands (an unlike, a withdrawn request, a deleted post). */
export async function withdrawNotifications(trx: Transaction<DB>, after: After, filter: NotificationFilter) {
  const removed = await trx
    .deleteFrom('notifications')
    .where((eb) => matching(eb, filter))
    .returning('user_id')
    .execute();
  for (const { user_id } of removed) after.notificationsChanged(user_id);
  return removed.length;
}

/** Marks the member's notifications matching the filter read; returns how many it touched (unread ones, or the one `id`). */
export async function markNotificationsRead(
  trx: Transaction<DB>,
  after: After,
  userId: string,
  filter: Omit<NotificationFilter, 'userId' | 'unreadOnly'> = {},
): Promise<number> {
  const result = await trx
    .updateTable('notifications')
    .set({ is_read: true })
    .where((eb) => matching(eb, { ...filter, userId, unreadOnly: filter.id === undefined }))
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows);
  if (changed > 0) after.notificationsChanged(userId);
  return changed;
}

/** Members blocked either way tell each other nothing. */
function blockedWithSender(trx: Transaction<DB>, notification: NewNotification): Promise<boolean> {
  if (!notification.fromUserId) return Promise.resolve(false);
  return blockedBetween(trx, notification.userId, notification.fromUserId);
}

function matching(eb: ExpressionBuilder<DB, 'notifications'>, filter: NotificationFilter) {
  const conditions = [];
  if (filter.userId !== undefined) conditions.push(eb('user_id', '=', filter.userId));
  if (filter.fromUserId !== undefined) conditions.push(eb('from_user_id', '=', filter.fromUserId));
  if (filter.type !== undefined) conditions.push(eb('type', '=', filter.type));
  if (filter.postId !== undefined) conditions.push(eb('post_id', '=', filter.postId));
  if (filter.id !== undefined) conditions.push(eb('id', '=', filter.id));
  if (filter.unreadOnly) conditions.push(eb('is_read', '=', false));
  return eb.and(conditions);
}
