import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, notFound } from '@server/http/errors.ts';
import { canSeeMember } from '@server/policies/blocks.ts';
import { sql, type Transaction } from 'kysely';
import { notifyGrouped, ungroupNotification } from './notifications.ts';
import type { After } from './run.ts';

/**
 * 'I prayed' on prayer posts: once per member and post, undone by the same button. The author hears
 * of it in one grouped line per request ('Ana and 4 others prayed for your request').
 */

export const NOT_A_PRAYER_REQUEST = 'Only prayer requests can be prayed for.';

/** The post, when the member may see it and it is a prayer request. */
async function findPrayerRequest(trx: Transaction<DB>, viewer: Viewer, postId: string) {
  const post = await trx
    .selectFrom('posts')
    .select(['id', 'user_id', 'category'])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post || !(await canSeeMember(trx, viewer.userId, post.user_id))) throw notFound('Post not found');
  if (post.category !== 'prayer') throw badRequest(NOT_A_PRAYER_REQUEST, 'not_a_prayer_request');
  return post;
}

export async function prayForPost(trx: Transaction<DB>, after: After, viewer: Viewer, postId: string) {
  const post = await findPrayerRequest(trx, viewer, postId);
  const inserted = await trx
    .insertInto('prayers')
    .values({ post_id: postId, user_id: viewer.userId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    await trx
      .updateTable('posts')
      .set({ prayed_count: sql`prayed_count + 1` })
      .where('id', '=', postId)
      .execute();
    if (post.user_id !== viewer.userId) {
      await notifyGrouped(trx, after, {
        userId: post.user_id,
        fromUserId: viewer.userId,
        type: 'prayer',
        postId,
      });
    }
  }
  return prayerState(trx, viewer, postId);
}

export async function unprayForPost(trx: Transaction<DB>, after: After, viewer: Viewer, postId: string) {
  const post = await findPrayerRequest(trx, viewer, postId);
  const removed = await trx
    .deleteFrom('prayers')
    .where('post_id', '=', postId)
    .where('user_id', '=', viewer.userId)
    .returning('created_at')
    .executeTakeFirst();
  if (removed) {
    await trx
      .updateTable('posts')
      .set({ prayed_count: sql`prayed_count - 1` })
      .where('id', '=', postId)
      .execute();
    if (post.user_id !== viewer.userId) {
      const next = await trx
        .selectFrom('prayers')
        .select('user_id')
        .where('post_id', '=', postId)
        .where('user_id', '!=', post.user_id)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      await ungroupNotification(trx, after, {
        userId: post.user_id,
        type: 'prayer',
        postId,
        fromUserId: viewer.userId,
        sentAt: String(removed.created_at),
        nextSender: next?.user_id ?? null,
      });
    }
  }
  return prayerState(trx, viewer, postId);
}

async function prayerState(trx: Transaction<DB>, viewer: Viewer, postId: string) {
  const row = await trx
    .selectFrom('posts')
    .select('prayed_count')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  const mine = await trx
    .selectFrom('prayers')
    .select('post_id')
    .where('post_id', '=', postId)
    .where('user_id', '=', viewer.userId)
    .executeTakeFirst();
  return { prayed_count: Number(row.prayed_count), prayed_by_me: Boolean(mine) };
}
