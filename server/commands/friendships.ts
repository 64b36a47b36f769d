import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { notFound } from '@server/http/errors.ts';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

export const NO_REQUEST = 'There is no pending friend request from this member.';

async function markRequestNotificationsRead(trx: Transaction<DB>, viewer: Viewer, senderId: string) {
  await trx
    .updateTable('notifications')
    .set({ is_read: true })
    .where('user_id', '=', viewer.userId)
    .where('from_user_id', '=', senderId)
    .where('type', '=', 'friend_request')
    .execute();
}

/** Accept: the sender's row becomes accepted and the reverse accepted row is added (spec section 4). */
export async function acceptFriendRequest(db: Kysely<DB>, viewer: Viewer, senderId: string) {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('friendships')
      .set({ status: 'accepted' })
      .where('user_id', '=', senderId)
      .where('friend_id', '=', viewer.userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound(NO_REQUEST);
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
    await markRequestNotificationsRead(trx, viewer, senderId);
  });
}

/** Decline: the pending row goes; the notification is marked read. */
export async function declineFriendRequest(db: Kysely<DB>, viewer: Viewer, senderId: string) {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('friendships')
      .where('user_id', '=', senderId)
      .where('friend_id', '=', viewer.userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound(NO_REQUEST);
    await markRequestNotificationsRead(trx, viewer, senderId);
  });
}
