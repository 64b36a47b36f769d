import type { FollowState, FriendshipState } from '@common/schemas/profilePage.ts';
import { PROFILE_MESSAGES } from '@common/schemas/profilePage.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, notFound } from '@server/http/errors.ts';
import { insertNotification } from '@server/realtime/notify.ts';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

/** The message of the friend_request notification a follow writes (spec section 4, 'Follow'). */
export const FRIEND_REQUEST_MESSAGE = 'Friend request sent!';

type Db = Kysely<DB> | Transaction<DB>;

/** Where the viewer stands with a member: friends first, then a request either way. */
export async function friendshipBetween(db: Db, viewerId: string, otherId: string): Promise<FriendshipState> {
  if (viewerId === otherId) return 'none';
  const rows = await db
    .selectFrom('friendships')
    .select(['user_id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', viewerId), eb('friend_id', '=', otherId)]),
        eb.and([eb('user_id', '=', otherId), eb('friend_id', '=', viewerId)]),
      ]),
    )
    .execute();
  if (rows.some((r) => r.status === 'accepted')) return 'friends';
  if (rows.some((r) => r.user_id === viewerId)) return 'pending_sent';
  if (rows.length > 0) return 'pending_received';
  return 'none';
}

export async function countFollowers(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('following_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function followState(trx: Db, viewerId: string, userId: string): Promise<FollowState> {
  const mine = await trx
    .selectFrom('follows')
    .select('id')
    .where('follower_id', '=', viewerId)
    .where('following_id', '=', userId)
    .executeTakeFirst();
  return {
    i_follow: Boolean(mine),
    followers_count: await countFollowers(trx, userId),
    friendship: await friendshipBetween(trx, viewerId, userId),
  };
}

async function requireMember(trx: Db, userId: string): Promise<void> {
  const exists = await trx.selectFrom('profiles').select('id').where('id', '=', userId).executeTakeFirst();
  if (!exists) throw notFound(PROFILE_MESSAGES.userNotFound);
}

/**
 * Follow (spec section 4): the follow, a pending friendship from the follower and a friend_request
 * notification for the followed member, in one transaction. Following twice changes nothing; members
 * who are already friends get no new request. Returns whom it notified.
 */
export async function followMember(db: Kysely<DB>, viewer: Viewer, userId: string) {
  if (userId === viewer.userId) throw badRequest(PROFILE_MESSAGES.followSelf, 'follow_self');
  return db.transaction().execute(async (trx) => {
    await requireMember(trx, userId);
    const now = new Date().toISOString();
    const followed = await trx
      .insertInto('follows')
      .values({ id: uuidv7(), follower_id: viewer.userId, following_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doNothing())
      .executeTakeFirst();
    let notified: string | null = null;
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
        await insertNotification(trx, {
          userId,
          fromUserId: viewer.userId,
          type: 'friend_request',
          message: FRIEND_REQUEST_MESSAGE,
        });
        notified = userId;
      }
    }
    return { state: await followState(trx, viewer.userId, userId), notified };
  });
}

/**
 * Unfollow: the follow and the viewer's pending request go (an accepted friendship stays), and so does
 * the request's unanswered notification, so nobody accepts a request that no longer exists.
 */
export async function unfollowMember(db: Kysely<DB>, viewer: Viewer, userId: string) {
  if (userId === viewer.userId) throw badRequest(PROFILE_MESSAGES.followSelf, 'follow_self');
  return db.transaction().execute(async (trx) => {
    await requireMember(trx, userId);
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
    let notified: string | null = null;
    if (Number(withdrawn.numDeletedRows) > 0) {
      const removed = await trx
        .deleteFrom('notifications')
        .where('user_id', '=', userId)
        .where('from_user_id', '=', viewer.userId)
        .where('type', '=', 'friend_request')
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) notified = userId;
    }
    return { state: await followState(trx, viewer.userId, userId), notified };
  });
}
