import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { notFound } from '@server/http/errors.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { markNotificationsRead } from './notifications.ts';
import type { After } from './run.ts';

/** The request's notifications are answered: read, and the member's bell shows it at once. */
async function answerRequestNotifications(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  senderId: string,
) {
  await markNotificationsRead(trx, after, viewer.userId, { fromUserId: senderId, type: 'friend_request' });
  after.notificationsChanged(viewer.userId);
}

/** Accept: the sender's row becomes accepted and the reverse accepted row is added (spec section 4). */
export async function acceptFriendRequest(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  senderId: string,
) {
  const updated = await trx
    .updateTable('friendships')
    .set({ status: 'accepted' })
    .where('user_id', '=', senderId)
    .where('friend_id', '=', viewer.userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFound('friend_request_not_found');
  await trx
    .insertInto('friendships')
    .values({
      id: uuidv7(),
      user_id: viewer.userId,
      friend_id: senderId,
      status: 'accepted',
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doUpdateSet({ status: 'accepted' }))
    .execute();
  await answerRequestNotifications(trx, after, viewer, senderId);
}

/** Decline: the pending row goes; the notification is marked read. */
export async function declineFriendRequest(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  senderId: string,
) {
  const deleted = await trx
    .deleteFrom('friendships')
    .where('user_id', '=', senderId)
    .where('friend_id', '=', viewer.userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('friend_request_not_found');
  await answerRequestNotifications(trx, after, viewer, senderId);
}
