import type { FollowList, FollowState, FriendshipState } from '@common/schemas/follows.ts';
import type { DB } from '@server/db/types.ts';
import { notHiddenFrom } from '@server/policies/blocks.ts';
import { presentProfileSummary } from '@server/presenters/profile.ts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { decodeCursor, encodeCursor } from './cursor.ts';

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

/** Where the viewer stands with a member after a follow or an unfollow. */
export async function followState(trx: Db, viewerId: string, userId: string): Promise<FollowState> {
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

/**
 * Followers (who follow the member) or following (whom the member follows), newest follow first, as
 * `viewerId` may see them: members the viewer blocked or who blocked the viewer are left out.
 */
export async function listFollows(
  db: Kysely<DB>,
  viewerId: string,
  userId: string,
  direction: 'followers' | 'following',
  options: { before?: string | undefined; limit?: number | undefined },
): Promise<FollowList> {
  const limit = options.limit ?? 30;
  const [mine, theirs] =
    direction === 'followers'
      ? (['follows.following_id', 'follows.follower_id'] as const)
      : (['follows.follower_id', 'follows.following_id'] as const);
  let query = db
    .selectFrom('follows')
    .innerJoin('profiles', 'profiles.id', theirs)
    .select([
      'follows.id as follow_id',
      'follows.created_at',
      'profiles.id',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
      'profiles.bio',
    ])
    .where(mine, '=', userId)
    .where(notHiddenFrom(viewerId, 'profiles.id'));
  if (options.before) {
    const cursor = decodeCursor(options.before, 'the list');
    query = query.where(sql<boolean>`(follows.created_at, follows.id) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const rows = await query
    .orderBy('follows.created_at', 'desc')
    .orderBy('follows.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    profiles: page.map(presentProfileSummary),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ created_at: last.created_at, id: last.follow_id }) : null,
  };
}
