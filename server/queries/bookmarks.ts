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
  const limit = options.limit ?? FEED_PAGE_SIZE;
  const cursor = options.before ? decodeCursor(options.before, 'your bookmarks') : undefined;
  let query = selectPosts(db, viewerId)
    .innerJoin('bookmarks', 'bookmarks.post_id', 'posts.id')
    .select('bookmarks.created_at as saved_at')
    .where('bookmarks.user_id', '=', viewerId)
    .where(postReadableBy(viewerId));
  if (cursor) {
    query = query.where(
      sql<boolean>`(bookmarks.created_at, bookmarks.post_id) < (${cursor.createdAt}, ${cursor.id})`,
    );
  }
  const rows = await query
    .orderBy('bookmarks.created_at', 'desc')
    .orderBy('bookmarks.post_id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: page.map((row) => presentPost(row, viewerId)),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ created_at: last.saved_at, id: last.id }) : null,
  };
}

/**
 * A page of the posts the viewer liked, newest like first (the Mastodon API's favourites), by keyset
 * on (liked at, post id); a liked post the viewer may no longer see leaves the page, as a bookmark's does.
 */
export async function listLikedPosts(
  db: Kysely<DB>,
  viewerId: string,
  options: { before?: string | undefined; limit?: number | undefined },
): Promise<BookmarksPage> {
  const limit = options.limit ?? FEED_PAGE_SIZE;
  const cursor = options.before ? decodeCursor(options.before, 'your likes') : undefined;
  let query = selectPosts(db, viewerId)
    .innerJoin('likes as mine', 'mine.post_id', 'posts.id')
    .select('mine.created_at as liked_at')
    .where('mine.user_id', '=', viewerId)
    .where(postReadableBy(viewerId));
  if (cursor) {
    query = query.where(sql<boolean>`(mine.created_at, mine.post_id) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const rows = await query
    .orderBy('mine.created_at', 'desc')
    .orderBy('mine.post_id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: page.map((row) => presentPost(row, viewerId)),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ created_at: last.liked_at, id: last.id }) : null,
  };
}
