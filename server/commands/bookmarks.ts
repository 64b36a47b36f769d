import type { BookmarkState } from '@common/schemas/bookmarks.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { findVisiblePost } from '@server/queries/posts.ts';
import type { Transaction } from 'kysely';

/**
 * 'Bookmark' and 'Remove bookmark': one row per member and post, seen by the member alone and told to
 * no one. Only a post the member may see can be saved or removed (findVisiblePost: 404 otherwise);
 * saving twice keeps the first save's time, removing what is not there changes nothing.
 */
export async function setBookmark(
  trx: Transaction<DB>,
  viewer: Viewer,
  postId: string,
  on: boolean,
): Promise<BookmarkState> {
  const post = await findVisiblePost(trx, viewer, postId);
  if (on) {
    await trx
      .insertInto('bookmarks')
      .values({ user_id: viewer.userId, post_id: post.id, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
      .execute();
  } else {
    await trx
      .deleteFrom('bookmarks')
      .where('user_id', '=', viewer.userId)
      .where('post_id', '=', post.id)
      .execute();
  }
  return { bookmarked_by_me: on };
}
