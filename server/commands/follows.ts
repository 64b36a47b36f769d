import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest } from '@server/http/errors.ts';
import { refuseIfHidden } from '@server/policies/blocks.ts';
import { followState, friendshipBetween } from '@server/queries/follows.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { notify, withdrawNotifications } from './notifications.ts';
import type { After } from './run.ts';

/** The message of the friend_request notification a follow writes (spec section 4, 'Follow'). */
export const FRIEND_REQUEST_MESSAGE = 'Friend request sent!';

/**
 * Follow (spec section 4): the follow, a pending friendship from the follower and a friend_request
 * notification for the followed member, in one transaction. Following twice changes nothing; members
 * who are already friends get no new request.
 */
export async function followMember(trx: Transaction<DB>, after: After, viewer: Viewer, userId: string) {
  if (userId === viewer.userId) throw badRequest('follow_self');
  // Missing, or hidden from the viewer (a block, a suspension): the same 404 as the profile page.
  await refuseIfHidden(trx, viewer.userId, userId, 'user_not_found');
  const now = new Date().toISOString();
  const followed = await trx
    .insertInto('follows')
    .values({ id: uuidv7(), follower_id: viewer.userId, following_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doNothing())
    .executeTakeFirst();
  const isNew = Number(followed.numInsertedOrUpdatedRows ?? 0) > 0;
  if (isNew && (await friendshipBetween(trx, viewer.userId, userId)) !== 'friends') {
    const requested = await trx
      .insertInto('friendships')
      .values({
        id: uuidv7(),
        user_id: viewer.userId,
        friend_id: userId,
        status: 'pending',
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
      .executeTakeFirst();
    if (Number(requested.numInsertedOrUpdatedRows ?? 0) > 0) {
      await notify(trx, after, {
        userId,
        fromUserId: viewer.userId,
        type: 'friend_request',
        message: FRIEND_REQUEST_MESSAGE,
      });
    }
  }
  return followState(trx, viewer.userId, userId);
}

/**
 * Unfollow: the follow and the viewer's pending request go (an accepted friendship stays), and so does
 * the request's unanswered notification, so nobody accepts a request that no longer exists.
 */
export async function unfollowMember(trx: Transaction<DB>, after: After, viewer: Viewer, userId: string) {
  if (userId === viewer.userId) throw badRequest('follow_self');
  await refuseIfHidden(trx, viewer.userId, userId, 'user_not_found');
  await trx
    .deleteFrom('follows')
    .where('follower_id', '=', viewer.userId)
    .where('following_id', '=', userId)
    .execute();
  const withdrawn = await trx
    .deleteFrom('friendships')
    .where('user_id', '=', viewer.userId)
    .where('friend_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(withdrawn.numDeletedRows) > 0) {
    await withdrawNotifications(trx, after, {
      userId,
      fromUserId: viewer.userId,
      type: 'friend_request',
    });
  }
  return followState(trx, viewer.userId, userId);
}
