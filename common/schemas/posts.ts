import { z } from 'zod/mini';
import { FEELINGS, FOOD_CATEGORIES, POST_CATEGORIES, PRAYER_TYPES } from '../options.ts';
import { cursorField, limitField, mediaIdField, personSchema, text } from './fields.ts';

/**
 * Coordinates kept to 7 decimals (about 1 cm): a value like -3.2e-81 is no place, and PostgreSQL's
 * `real` column refuses it as an underflow.
 */
const toMicrodegrees = (value: number) => Math.round(value * 1e7) / 1e7 || 0;

export const POST_CONTENT_MAX_LENGTH = 5000;
export const RECIPE_MAX_LENGTH = 5000;
export const LOCATION_NAME_MAX_LENGTH = 200;
export const COMMENT_MAX_LENGTH = 2000;
export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_MAX = 50;
/** What a media-only post stores as its text (spec section 5). */
export const MEDIA_ONLY_CONTENT = '.';

export const EMPTY_POST_MESSAGE = 'Write something or add a photo or video.';

const optionalText = (label: string, max: number, multiline = true) => text({ label, max, multiline });

export const createPostSchema = z.strictObject({
  content: z.optional(optionalText('The post', POST_CONTENT_MAX_LENGTH)),
  category: z._default(
    z.enum(POST_CATEGORIES, { error: 'Choose a category: general, prayer, food or comedy.' }),
    'general',
  ),
  media_id: z.optional(mediaIdField()),
  feeling: z.optional(z.enum(FEELINGS, { error: `Choose a feeling from the list: ${FEELINGS.join(', ')}.` })),
  location_name: z.optional(optionalText('The location', LOCATION_NAME_MAX_LENGTH, false)),
  location_lat: z.optional(
    z.pipe(
      z.number({ error: 'location_lat must be a number.' }).check(z.gte(-90), z.lte(90)),
      z.transform(toMicrodegrees),
    ),
  ),
  location_lng: z.optional(
    z.pipe(
      z.number({ error: 'location_lng must be a number.' }).check(z.gte(-180), z.lte(180)),
      z.transform(toMicrodegrees),
    ),
  ),
  prayer_type: z.optional(
    z.enum(PRAYER_TYPES, { error: `Choose a prayer type: ${PRAYER_TYPES.join(', ')}.` }),
  ),
  food_category: z.optional(
    z.enum(FOOD_CATEGORIES, { error: `Choose a food category: ${FOOD_CATEGORIES.join(', ')}.` }),
  ),
  recipe: z.optional(optionalText('The recipe', RECIPE_MAX_LENGTH)),
});
export type CreatePostInput = z.input<typeof createPostSchema>;

export const updatePostSchema = z.strictObject({
  content: text({
    label: 'The post',
    min: 1,
    max: POST_CONTENT_MAX_LENGTH,
    multiline: true,
    typeError: 'The post text is required.',
    required: 'The post text cannot be empty.',
  }),
});

export const createCommentSchema = z.strictObject({
  content: text({
    label: 'The comment',
    min: 1,
    max: COMMENT_MAX_LENGTH,
    multiline: true,
    typeError: 'The comment is required.',
    required: 'Write a comment first.',
    tooLong: `A comment must be at most ${COMMENT_MAX_LENGTH} characters.`,
  }),
});

export const feedQuerySchema = z.strictObject({
  category: z.optional(z.enum(POST_CATEGORIES, { error: 'Unknown category.' })),
  before: cursorField,
  limit: limitField(FEED_PAGE_MAX),
});

export const authorSchema = personSchema;
export type Author = z.infer<typeof authorSchema>;

export const postSchema = z.object({
  id: z.string(),
  author: authorSchema,
  category: z.enum(POST_CATEGORIES),
  content: z.string(),
  media_type: z.enum(['photo', 'video', 'none']),
  image_url: z.nullable(z.string()),
  image_feed_url: z.nullable(z.string()),
  feeling: z.nullable(z.string()),
  location_name: z.nullable(z.string()),
  location_lat: z.nullable(z.number()),
  location_lng: z.nullable(z.number()),
  prayer_type: z.nullable(z.string()),
  food_category: z.nullable(z.string()),
  recipe: z.nullable(z.string()),
  like_count: z.number(),
  comment_count: z.number(),
  share_count: z.number(),
  view_count: z.number(),
  liked_by_me: z.boolean(),
  /** 'I prayed' (prayer posts only; always 0 and false on the others). */
  prayed_count: z.number(),
  prayed_by_me: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The member whose wall the post stands on, when another member wrote it there (it got there by
   * their approval): its author may delete it but no longer edit it, and the wall's owner may delete it.
   */
  wall_owner_id: z.nullable(z.string()),
});
export type Post = z.infer<typeof postSchema>;

export const feedPageSchema = z.object({ posts: z.array(postSchema), next_cursor: z.nullable(z.string()) });
export type FeedPage = z.infer<typeof feedPageSchema>;

export const commentSchema = z.object({
  id: z.string(),
  post_id: z.string(),
  author: authorSchema,
  content: z.string(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const activitySchema = z.object({
  posts: z.number(),
  likes_received: z.number(),
  comments_received: z.number(),
});
export type Activity = z.infer<typeof activitySchema>;

export const trendingSchema = z.object({
  posts: z.array(
    z.object({
      id: z.string(),
      content: z.string(),
      author: authorSchema,
      like_count: z.number(),
      comment_count: z.number(),
    }),
  ),
});
export type Trending = z.infer<typeof trendingSchema>;

export const comedyShowSchema = z.object({
  id: z.string(),
  title: z.string(),
  performer: z.nullable(z.string()),
  venue: z.string(),
  city: z.nullable(z.string()),
  show_date: z.string(),
  starts_at: z.nullable(z.string()),
  ticket_url: z.nullable(z.string()),
});
export type ComedyShow = z.infer<typeof comedyShowSchema>;

export const comedyShowsQuerySchema = z.strictObject({
  date: z
    .string({ error: 'date is required (YYYY-MM-DD).' })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must look like 2026-11-22.')),
});
