import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest } from '@server/http/errors.ts';
import { findVisiblePost } from '@server/queries/posts.ts';
import { sql, type Transaction } from 'kysely';
import { notify, notifyGrouped, ungroupNotification, withdrawNotifications } from './notifications.ts';
import type { After } from './run.ts';

/**
 * Like and 'I prayed': one row per member and post, set and cleared by the same button, both through
 * one toggle. The post must be one the member may see (findVisiblePost: 404 otherwise, setting or
 * clearing alike); the row is inserted or deleted, the post's counter moves by the rows that actually
 * changed (setting twice, or clearing what is not there, changes nothing), and the author is told
 * (or untold) of a change that is not their own.
 */

type VisiblePost = Awaited<ReturnType<typeof findVisiblePost>>;

interface PostToggle {
  table: 'likes' | 'prayers';
  counter: 'like_count' | 'prayed_count';
  /** Refuses a post the toggle is not for, once the member may see it. */
  accepts?(post: VisiblePost): void;
  /** A new row of a member who is not the author. */
  tell(trx: Transaction<DB>, after: After, post: VisiblePost, viewer: Viewer): Promise<unknown>;
  /** A removed row of a member who is not the author, set at `setAt`. */
  untell(
    trx: Transaction<DB>,
    after: After,
    post: VisiblePost,
    viewer: Viewer,
    setAt: string,
  ): Promise<unknown>;
}

/** Sets (`on`) or clears the viewer's row; answers the post's count and whether the row is there. */
async function togglePost(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  postId: string,
  toggle: PostToggle,
  on: boolean,
): Promise<{ count: number; mine: boolean }> {
  const post = await findVisiblePost(trx, viewer, postId);
  toggle.accepts?.(post);
  const mine = { post_id: postId, user_id: viewer.userId };
  let changed = 0;
  let setAt: string | null = null;
  if (on) {
    const inserted = await trx
      .insertInto(toggle.table)
      .values({ ...mine, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
      .executeTakeFirst();
    changed = Number(inserted.numInsertedOrUpdatedRows ?? 0);
  } else {
    const removed = await trx
      .deleteFrom(toggle.table)
      .where('post_id', '=', postId)
      .where('user_id', '=', viewer.userId)
      .returning('created_at')
      .execute();
    changed = -removed.length;
    setAt = removed[0] ? String(removed[0].created_at) : null;
  }
  if (changed !== 0) {
    await trx
      .updateTable('posts')
      .set({ [toggle.counter]: sql`${sql.ref(toggle.counter)} + ${changed}` })
      .where('id', '=', postId)
      .execute();
    if (post.user_id !== viewer.userId) {
      if (on) await toggle.tell(trx, after, post, viewer);
      else await toggle.untell(trx, after, post, viewer, setAt!);
    }
  }
  const row = await trx
    .selectFrom('posts')
    .select(toggle.counter)
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  return { count: Number(row[toggle.counter]), mine: on };
}

/** A like: the author hears of it once, and the line goes when the like does. */
const LIKE: PostToggle = {
  table: 'likes',
  counter: 'like_count',
  tell: (trx, after, post, viewer) =>
    notify(trx, after, { userId: post.user_id, fromUserId: viewer.userId, type: 'like', postId: post.id }),
  untell: (trx, after, post, viewer) =>
    withdrawNotifications(trx, after, { type: 'like', postId: post.id, fromUserId: viewer.userId }),
};

/**
 * 'I prayed', on prayer requests only: the author hears of it in one grouped line per request ('Ana
 * and 4 others prayed for your request'), counted down when a prayer is taken back.
 */
const PRAYER: PostToggle = {
  table: 'prayers',
  counter: 'prayed_count',
  accepts(post) {
    if (post.category !== 'prayer') throw badRequest('not_a_prayer_request');
  },
  // Unless the author chose not to be told (PATCH /api/posts/:id/prayer).
  tell: async (trx, after, post, viewer) =>
    post.notify_prayed &&
    notifyGrouped(trx, after, {
      userId: post.user_id,
      fromUserId: viewer.userId,
      type: 'prayer',
      postId: post.id,
    }),
  async untell(trx, after, post, viewer, setAt) {
    const next = await trx
      .selectFrom('prayers')
      .select('user_id')
      .where('post_id', '=', post.id)
      .where('user_id', '!=', post.user_id)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    await ungroupNotification(trx, after, {
      userId: post.user_id,
      type: 'prayer',
      postId: post.id,
      fromUserId: viewer.userId,
      sentAt: setAt,
      nextSender: next?.user_id ?? null,
    });
  },
};

export async function likePost(trx: Transaction<DB>, after: After, viewer: Viewer, postId: string) {
  const { count, mine } = await togglePost(trx, after, viewer, postId, LIKE, true);
  return { like_count: count, liked_by_me: mine };
}

export async function unlikePost(trx: Transaction<DB>, after: After, viewer: Viewer, postId: string) {
  const { count, mine } = await togglePost(trx, after, viewer, postId, LIKE, false);
  return { like_count: count, liked_by_me: mine };
}

export async function prayForPost(trx: Transaction<DB>, after: After, viewer: Viewer, postId: string) {
  const { count, mine } = await togglePost(trx, after, viewer, postId, PRAYER, true);
  return { prayed_count: count, prayed_by_me: mine };
}

export async function unprayForPost(trx: Transaction<DB>, after: After, viewer: Viewer, postId: string) {
  const { count, mine } = await togglePost(trx, after, viewer, postId, PRAYER, false);
  return { prayed_count: count, prayed_by_me: mine };
}
