import type { NotificationType } from '@common/schemas/notifications.ts';
import type { DB } from '@server/db/types.ts';
import { blockedBetween } from '@server/policies/blocks.ts';
import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
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
  groupId?: string | null;
  eventId?: string | null;
}

/** Which of a member's notifications a withdrawal or a read concerns. */
export interface NotificationFilter {
  userId?: string;
  fromUserId?: string;
  type?: NotificationType;
  postId?: string;
  groupId?: string;
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
      group_id: notification.groupId ?? null,
      event_id: notification.eventId ?? null,
      is_read: false,
      created_at: new Date().toISOString(),
    })
    .execute();
  after.notificationsChanged(notification.userId);
  pushFor(after, notification);
  return id;
}

/** The notifications a member may also get by web push (likes, comments, mentions, messages), under their switches. */
function pushFor(after: After, n: NewNotification) {
  if (!n.fromUserId) return;
  if ((n.type === 'like' || n.type === 'comment' || n.type === 'mention') && n.postId) {
    after.push({ kind: n.type, userId: n.userId, fromUserId: n.fromUserId, postId: n.postId });
  } else if (n.type === 'message') {
    after.push({ kind: 'message', userId: n.userId, fromUserId: n.fromUserId });
  }
}

const NOTIFY_BATCH = 500;

/**
 * The same notification for many members at once (a circle going live to followers, a post to a
 * group), in multi-row INSERTs of NOTIFY_BATCH. Callers leave out the members blocked with the sender.
 */
export async function notifyMany(
  trx: Transaction<DB>,
  after: After,
  userIds: string[],
  notification: Omit<NewNotification, 'userId'>,
): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < userIds.length; start += NOTIFY_BATCH) {
    const batch = userIds.slice(start, start + NOTIFY_BATCH);
    await trx
      .insertInto('notifications')
      .values(
        batch.map((userId) => ({
          id: uuidv7(),
          user_id: userId,
          from_user_id: notification.fromUserId,
          type: notification.type,
          post_id: notification.postId ?? null,
          message: notification.message ?? null,
          group_id: notification.groupId ?? null,
          event_id: notification.eventId ?? null,
          is_read: false,
          created_at: now,
        })),
      )
      .execute();
    for (const userId of batch) after.notificationsChanged(userId);
  }
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
  if (Number(bumped.numUpdatedRows) > 0) {
    after.notificationsChanged(notification.userId);
    pushFor(after, notification);
  } else await notify(trx, after, notification);
}

/**
 * One unread line per post and kind for many senders: a later sender takes the line over, moves it to
 * the top and adds one to its count ('Ana and 4 others prayed for your request'), so a popular post
 * does not flood its author's bell. After it is read, the next sender starts a new line.
 */
export async function notifyGrouped(
  trx: Transaction<DB>,
  after: After,
  notification: NewNotification & { postId: string },
) {
  if (await blockedWithSender(trx, notification)) return;
  const grouped = await trx
    .updateTable('notifications')
    .set({
      from_user_id: notification.fromUserId,
      group_count: sql`group_count + 1`,
      created_at: new Date().toISOString(),
    })
    .where((eb) =>
      matching(eb, {
        userId: notification.userId,
        type: notification.type,
        postId: notification.postId,
        unreadOnly: true,
      }),
    )
    .executeTakeFirst();
  if (Number(grouped.numUpdatedRows) > 0) after.notificationsChanged(notification.userId);
  else await notify(trx, after, notification);
}

/**
 * Takes one sender out of a grouped line (an undone prayer), when their action (at `sentAt`) is
 * still counted in the unread line: the line goes if it stood for them alone; otherwise it counts one
 * less and, if it showed their name, shows `nextSender` instead. A line already read stays as it was.
 */
export async function ungroupNotification(
  trx: Transaction<DB>,
  after: After,
  target: {
    userId: string;
    type: NotificationType;
    postId: string;
    fromUserId: string;
    sentAt: string;
    nextSender: string | null;
  },
) {
  const lineFor = { userId: target.userId, type: target.type, postId: target.postId };
  const alreadyRead = await trx
    .selectFrom('notifications')
    .select('id')
    .where((eb) => matching(eb, lineFor))
    .where('is_read', '=', true)
    .where('created_at', '>=', target.sentAt)
    .executeTakeFirst();
  if (alreadyRead) return;
  const line = await trx
    .selectFrom('notifications')
    .select(['id', 'from_user_id', 'group_count'])
    .where((eb) => matching(eb, { ...lineFor, unreadOnly: true }))
    .executeTakeFirst();
  if (!line) return;
  if (Number(line.group_count) <= 1) {
    await trx.deleteFrom('notifications').where('id', '=', line.id).execute();
  } else {
    const showsThem = line.from_user_id === target.fromUserId && target.nextSender;
    await trx
      .updateTable('notifications')
      .set({ group_count: sql`group_count - 1`, ...(showsThem ? { from_user_id: target.nextSender } : {}) })
      .where('id', '=', line.id)
      .execute();
  }
  after.notificationsChanged(target.userId);
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
  if (filter.groupId !== undefined) conditions.push(eb('group_id', '=', filter.groupId));
  if (filter.id !== undefined) conditions.push(eb('id', '=', filter.id));
  if (filter.unreadOnly) conditions.push(eb('is_read', '=', false));
  return eb.and(conditions);
}
