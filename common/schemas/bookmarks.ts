import { z } from 'zod/mini';
import { cursorField, limitField } from './fields.ts';
import { FEED_PAGE_MAX, postSchema } from './posts.ts';

/** GET /api/bookmarks: the viewer's saved posts, newest saved first. */
export const bookmarksQuerySchema = z.strictObject({
  before: cursorField,
  limit: limitField(FEED_PAGE_MAX),
});

export const bookmarksPageSchema = z.object({
  posts: z.array(postSchema),
  next_cursor: z.nullable(z.string()),
});
export type BookmarksPage = z.infer<typeof bookmarksPageSchema>;

/** PUT and DELETE /api/posts/:id/bookmark: whether the post is now among the viewer's bookmarks. */
export const bookmarkStateSchema = z.object({ bookmarked_by_me: z.boolean() });
export type BookmarkState = z.infer<typeof bookmarkStateSchema>;
