import { BLOCK_MESSAGES } from '@common/schemas/blocks.ts';
import { PROFILE_MESSAGES } from '@common/schemas/profiles.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, notFound } from '@server/http/errors.ts';
import type { Transaction } from 'kysely';
import { withdrawNotifications } from './notifications.ts';
import type { After } from './run.ts';

async function requireOtherMember(trx: Transaction<DB>, viewer: Viewer, userId: string, selfMessage: string) {
  if (userId === viewer.userId) throw badRequest(selfMessage, 'self');
  const exists = await trx.selectFrom('profiles').select('id').where('id', '=', userId).executeTakeFirst();
  if (!exists) throw notFound(PROFILE_MESSAGES.userNotFound);
}

/**
 * Block, in one transaction: the block row, then everything that tied the two members ends: follows
 * both ways, friendships and friend requests both ways, and the notifications between them. Blocking
 * twice changes nothing more. Unblocking later restores none of it.
 */
export async function blockMember(trx: Transaction<DB>, after: After, viewer: Viewer, userId: string) {
  await requireOtherMember(trx, viewer, userId, BLOCK_MESSAGES.blockSelf);
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
  return { blocked: true };
}

export async function unblockMember(trx: Transaction<DB>, viewer: Viewer, userId: string) {
  await requireOtherMember(trx, viewer, userId, BLOCK_MESSAGES.blockSelf);
  await trx
    .deleteFrom('blocks')
    .where('blocker_id', '=', viewer.userId)
    .where('blocked_id', '=', userId)
    .execute();
  return { blocked: false };
}

/** Mute: silent, and nothing else changes (follows, friendship and notifications stay). */
export async function muteMember(trx: Transaction<DB>, viewer: Viewer, userId: string) {
  await requireOtherMember(trx, viewer, userId, BLOCK_MESSAGES.muteSelf);
  await trx
    .insertInto('mutes')
    .values({ muter_id: viewer.userId, muted_id: userId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
    .execute();
  return { muted: true };
}

export async function unmuteMember(trx: Transaction<DB>, viewer: Viewer, userId: string) {
  await requireOtherMember(trx, viewer, userId, BLOCK_MESSAGES.muteSelf);
  await trx
    .deleteFrom('mutes')
    .where('muter_id', '=', viewer.userId)
    .where('muted_id', '=', userId)
    .execute();
  return { muted: false };
}
