import type { BookmarksPage } from '@common/schemas/bookmarks.ts';
import { FEED_PAGE_SIZE } from '@common/schemas/posts.ts';
import type { DB } from '@server/db/types.ts';
import { postReadableBy } from '@server/policies/post.ts';
import { presentPost, selectPosts } from '@server/presenters/post.ts';
import { decodeCursor, encodeCursor } from '@server/queries/cursor.ts';
import { type Kysely, sql } from 'kysely';

/**
 * A page of the viewer's bookmarks, newest saved first, by keyset on (saved at, post id). A saved post
 * the viewer may no longer see (its author blocked them, its group closed to them, it was deleted)
 * leaves the page, as it would leave its own page (getPost's rule); the bookmark stays, and comes
 * back if the post does.
 */
export async function listBookmarks(
  db: Kysely<DB>,
  viewerId: string,
  options: { before?: string | undefined; limit?: number | undefined },
): Promise<BookmarksPage> {
  return listMarkedPosts(db, viewerId, 'bookmarks', 'your bookmarks', options);
}

/**
 * A page of the posts the viewer liked, newest like first (the Mastodon API's favourites): as
 * bookmarks, a liked post the viewer may no longer see leaves the page.
 */
export async function listLikedPosts(
  db: Kysely<DB>,
  viewerId: string,
  options: { before?: string | undefined; limit?: number | undefined },
): Promise<BookmarksPage> {
  return listMarkedPosts(db, viewerId, 'likes', 'your likes', options);
}

/** The posts the viewer marked (saved, liked), newest mark first, by keyset on (marked at, post id). */
async function listMarkedPosts(
  db: Kysely<DB>,
  viewerId: string,
  table: 'bookmarks' | 'likes',
  what: string,
  options: { before?: string | undefined; limit?: number | undefined },
): Promise<BookmarksPage> {
  const limit = options.limit ?? FEED_PAGE_SIZE;
  const cursor = options.before ? decodeCursor(options.before, what) : undefined;
  let query = selectPosts(db, viewerId)
    // Both tables are (user_id, post_id, created_at): typed as one.
    .innerJoin(`${table} as mark` as 'bookmarks as mark', 'mark.post_id', 'posts.id')
    .select('mark.created_at as marked_at')
    .where('mark.user_id', '=', viewerId)
    .where(postReadableBy(viewerId));
  if (cursor) {
    query = query.where(sql<boolean>`(mark.created_at, mark.post_id) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const rows = await query
    .orderBy('mark.created_at', 'desc')
    .orderBy('mark.post_id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: page.map((row) => presentPost(row, viewerId)),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ created_at: last.marked_at, id: last.id }) : null,
  };
}
