import { z } from 'zod/mini';
import { defineErrors } from '../errorTemplates.ts';
import { cursorField, limitField } from './fields.ts';
import { FEED_PAGE_MAX, postSchema } from './posts.ts';

export const TAG_ERRORS = defineErrors({
  tag_invalid: 'A tag is letters, digits and underscores (not digits alone), up to 100 characters.',
});

/** GET /api/tags/:tag/posts: the tag's posts the viewer may see, newest first. */
export const tagPostsQuerySchema = z.strictObject({
  before: cursorField,
  limit: limitField(FEED_PAGE_MAX),
});

/** GET /api/tags/:tag: the tag as stored (case-folded) and whether the viewer follows it. */
export const tagSchema = z.object({ name: z.string(), following: z.boolean() });
export type Tag = z.infer<typeof tagSchema>;

export const tagPostsPageSchema = z.object({
  posts: z.array(postSchema),
  next_cursor: z.nullable(z.string()),
});
export type TagPostsPage = z.infer<typeof tagPostsPageSchema>;

/** GET /api/tags/followed: 'Followed tags', by name. */
export const followedTagsSchema = z.object({ tags: z.array(z.object({ name: z.string() })) });
export type FollowedTags = z.infer<typeof followedTagsSchema>;
