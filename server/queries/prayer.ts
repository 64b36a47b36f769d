import type { PrayerList, UrgentPrayers } from '@common/schemas/posts.ts';
import { PRAYER_LIST_MAX, PRAYER_URGENT_SHOWN, type PrayerUpdates } from '@common/schemas/prayer.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, notFound } from '@server/http/errors.ts';
import { notHiddenPost } from '@server/policies/blocks.ts';
import { postInFeedOf, postReadableBy } from '@server/policies/post.ts';
import { notExpired, postAuthorNotHiddenInFeed } from '@server/policies/prayer.ts';
import { presentPost, selectPosts } from '@server/presenters/post.ts';
import type { Kysely } from 'kysely';
import { getPost } from './posts.ts';

/** The urgent requests the viewer's prayer feed keeps on top: still urgent, unanswered, newest first. */
export async function listUrgentPrayers(db: Kysely<DB>, viewerId: string): Promise<UrgentPrayers> {
  const now = new Date().toISOString();
  const rows = await selectPosts(db, viewerId)
    // Only prayer requests are ever urgent (posts_urgent_idx holds them).
    .where('posts.urgent_until', '>', now)
    .where('posts.answered_at', 'is', null)
    .where(postInFeedOf(viewerId, now))
    .where(postAuthorNotHiddenInFeed(viewerId, { muted: true }))
    .where(notHiddenPost(viewerId))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(PRAYER_URGENT_SHOWN)
    .execute();
  return { posts: rows.map((row) => presentPost(row, viewerId)) };
}

/**
 * 'My prayer list': the requests on it the member may still see, newest added first; answered and
 * expired ones have left it (the first are deleted from it, the second only hidden until renewed).
 */
export async function readPrayerList(db: Kysely<DB>, viewerId: string): Promise<PrayerList> {
  const rows = await selectPosts(db, viewerId)
    .innerJoin('prayer_list', (join) =>
      join.onRef('prayer_list.post_id', '=', 'posts.id').on('prayer_list.user_id', '=', viewerId),
    )
    .select('prayer_list.added_at')
    .where(postReadableBy(viewerId))
    .where(notExpired(new Date().toISOString()))
    .where('posts.answered_at', 'is', null)
    .orderBy('prayer_list.added_at', 'desc')
    .limit(PRAYER_LIST_MAX)
    .execute();
  const reminder = await db
    .selectFrom('prayer_reminders')
    .select(['time_of_day', 'time_zone'])
    .where('user_id', '=', viewerId)
    .executeTakeFirst();
  return {
    items: rows.map((row) => ({ post: presentPost(row, viewerId), added_at: String(row.added_at) })),
    reminder: { time: reminder?.time_of_day ?? null, time_zone: reminder?.time_zone ?? null },
  };
}

/** A request's updates, oldest first, for a viewer who may see it; and whether they still hear of them. */
export async function listPrayerUpdates(
  db: Kysely<DB>,
  viewerId: string,
  postId: string,
): Promise<PrayerUpdates> {
  const post = await getPost(db, viewerId, postId);
  if (!post) throw notFound('post_not_found');
  if (post.category !== 'prayer') throw badRequest('prayer_not_request');
  const [updates, off] = await Promise.all([
    db
      .selectFrom('prayer_updates')
      .select(['id', 'content', 'created_at'])
      .where('post_id', '=', postId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('prayer_update_offs')
      .select('user_id')
      .where('post_id', '=', postId)
      .where('user_id', '=', viewerId)
      .executeTakeFirst(),
  ]);
  return {
    updates: updates.map((u) => ({ id: u.id, content: u.content, created_at: String(u.created_at) })),
    following: !off,
  };
}
