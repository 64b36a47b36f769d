import type { DB } from '@server/db/types.ts';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

export type NotificationType =
  | 'friend_request'
  | 'like'
  | 'comment'
  | 'message'
  | 'circle_live'
  | 'wall_post';

/**
 * Writes a notification row inside the caller's transaction. The caller tells the realtime layer
 * (`ctx.realtime.notificationsChanged([userId])`) after the transaction commits.
 */
export async function insertNotification(
  trx: Transaction<DB> | Kysely<DB>,
  notification: {
    userId: string;
    fromUserId: string | null;
    type: NotificationType;
    postId?: string | null;
    message?: string | null;
  },
): Promise<string> {
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
  return id;
}
