import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, notFound } from '@server/http/errors.ts';
import { PostgresAdapter, type Transaction } from 'kysely';
import { dropCircleSeats } from './circles.ts';
import { withdrawNotifications } from './notifications.ts';
import type { After } from './run.ts';
import { releaseUploads } from './uploads.ts';

async function requireOtherMember(
  trx: Transaction<DB>,
  viewer: Viewer,
  userId: string,
  selfCode: 'block_self' | 'mute_self',
) {
  if (userId === viewer.userId) throw badRequest(selfCode);
  const exists = await trx.selectFrom('profiles').select('id').where('id', '=', userId).executeTakeFirst();
  if (!exists) throw notFound('user_not_found');
}

/**
 * Block, in one transaction: the block row, then everything that tied the two members ends: follows
 * both ways, friendships and friend requests both ways, the notifications between them, wall posts
 * either wrote on the other's wall that still wait for approval (with their uploads), and each one's
 * place in the other's circles (see leaveEachOthersCircles). Blocking twice changes nothing more.
 * Unblocking later restores none of it.
 */
export async function blockMember(trx: Transaction<DB>, after: After, viewer: Viewer, userId: string) {
  await requireOtherMember(trx, viewer, userId, 'block_self');
  const me = viewer.userId;
  await trx
    .insertInto('blocks')
    .values({ blocker_id: me, blocked_id: userId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
  await trx
    .deleteFrom('follows')
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', me), eb('following_id', '=', userId)]),
        eb.and([eb('follower_id', '=', userId), eb('following_id', '=', me)]),
      ]),
    )
    .execute();
  await trx
    .deleteFrom('friendships')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', me), eb('friend_id', '=', userId)]),
        eb.and([eb('user_id', '=', userId), eb('friend_id', '=', me)]),
      ]),
    )
    .execute();
  await withdrawNotifications(trx, after, { userId: me, fromUserId: userId });
  await withdrawNotifications(trx, after, { userId, fromUserId: me });
  await dropPendingWallPosts(trx, after, me, userId);
  await leaveEachOthersCircles(trx, after, me, userId);
  return { blocked: true };
}

export async function unblockMember(trx: Transaction<DB>, viewer: Viewer, userId: string) {
  await requireOtherMember(trx, viewer, userId, 'block_self');
  await trx
    .deleteFrom('blocks')
    .where('blocker_id', '=', viewer.userId)
    .where('blocked_id', '=', userId)
    .execute();
  return { blocked: false };
}

/** Mute: silent, and nothing else changes (follows, friendship and notifications stay). */
export async function muteMember(trx: Transaction<DB>, viewer: Viewer, userId: string) {
  await requireOtherMember(trx, viewer, userId, 'mute_self');
  await trx
    .insertInto('mutes')
    .values({ muter_id: viewer.userId, muted_id: userId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
    .execute();
  return { muted: true };
}

export async function unmuteMember(trx: Transaction<DB>, viewer: Viewer, userId: string) {
  await requireOtherMember(trx, viewer, userId, 'mute_self');
  await trx
    .deleteFrom('mutes')
    .where('muter_id', '=', viewer.userId)
    .where('muted_id', '=', userId)
    .execute();
  return { muted: false };
}

/** Pending wall posts between the two, either way: deleted, and their uploads released as a reject does. */
async function dropPendingWallPosts(trx: Transaction<DB>, after: After, a: string, b: string) {
  const dropped = await trx
    .deleteFrom('pending_posts')
    .where((eb) =>
      eb.or([
        eb.and([eb('author_id', '=', a), eb('profile_owner_id', '=', b)]),
        eb.and([eb('author_id', '=', b), eb('profile_owner_id', '=', a)]),
      ]),
    )
    .returning('media_id')
    .execute();
  await releaseUploads(
    trx,
    after,
    dropped.map((row) => row.media_id),
  );
}

/**
 * A circle is its host's (policies/circle.ts): once blocked, each member leaves the other's circles
 * (guest seats and requests to join), in ended ones too, so nothing is restored by an unblock. Circles
 * between two others are left alone: a block between two guests does not take anyone out of a third
 * member's circle. The circles in play are locked first on PostgreSQL, so a join in flight (which
 * locks its circle and then checks the block) takes turns with this.
 */
async function leaveEachOthersCircles(trx: Transaction<DB>, after: After, a: string, b: string) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx
      .selectFrom('faith_circles')
      .select('id')
      .where('host_id', 'in', [a, b])
      .where('status', '!=', 'ended')
      .forUpdate()
      .execute();
  }
  const seats = await trx
    .selectFrom('faith_circle_members as m')
    .innerJoin('faith_circles as c', 'c.id', 'm.circle_id')
    .select(['m.circle_id', 'm.user_id'])
    .where('m.role', '=', 'guest')
    .where((eb) =>
      eb.or([
        eb.and([eb('c.host_id', '=', a), eb('m.user_id', '=', b)]),
        eb.and([eb('c.host_id', '=', b), eb('m.user_id', '=', a)]),
      ]),
    )
    .execute();
  await dropCircleSeats(trx, after, seats);
  const hostedBy = (hostId: string) =>
    trx.selectFrom('faith_circles').select('id').where('host_id', '=', hostId);
  const asked = await trx
    .deleteFrom('faith_circle_requests')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', b), eb('circle_id', 'in', hostedBy(a))]),
        eb.and([eb('user_id', '=', a), eb('circle_id', 'in', hostedBy(b))]),
      ]),
    )
    .returning(['circle_id', 'user_id'])
    .execute();
  // The host's list of requests changed.
  for (const request of asked) {
    after.emitToUser(request.user_id === a ? b : a, 'circle:requests', { circle_id: request.circle_id });
  }
}
