import { z } from 'zod/mini';
import { SEARCH_QUERY_MAX_LENGTH } from '../limits.ts';
import { cursorField, limitField, text } from './fields.ts';
import { FEED_PAGE_MAX, feedPageSchema } from './posts.ts';

/** /search (issue 51): its tabs, in order. */
export const SEARCH_TABS = ['people', 'posts', 'tags'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

const searchText = text({ label: 'The search', min: 1, max: SEARCH_QUERY_MAX_LENGTH });

/** GET /api/search/posts: posts the viewer may see with every word of `q` (the last may be its start). */
export const searchPostsQuerySchema = z.strictObject({
  q: searchText,
  before: cursorField,
  limit: limitField(FEED_PAGE_MAX),
});

/** A page of posts found, newest first: a feed's page. */
export const searchPostsPageSchema = feedPageSchema;
export type SearchPostsPage = z.infer<typeof searchPostsPageSchema>;

/** GET /api/search/tags: tags that start with `q` (without '#'). */
export const searchTagsQuerySchema = z.strictObject({ q: searchText });

/** Tags found, most used first: how many posts every member may see carry each. */
export const searchTagsSchema = z.object({
  tags: z.array(z.object({ name: z.string(), posts: z.number() })),
});
export type SearchTags = z.infer<typeof searchTagsSchema>;
