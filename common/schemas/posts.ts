import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { FEELINGS, FOOD_CATEGORIES, POST_CATEGORIES, PRAYER_TYPES } from '../options.ts';
import { cursorField, isTimeZone, limitField, mediaIdField, personSchema, text } from './fields.ts';
import { linkCardSchema } from './linkCards.ts';
import { pollInputSchema, pollSchema } from './polls.ts';
import {
  ALT_TEXT_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  CONTENT_WARNING_MAX_LENGTH,
  EMPTY_POST_MESSAGE,
  FEED_PAGE_MAX,
  LOCATION_NAME_MAX_LENGTH,
  POST_CONTENT_MAX_LENGTH,
  RECIPE_MAX_LENGTH,
} from './postLimits.ts';
import { prayerCreateFields, prayerReminderSchema, prayerStateSchema } from './prayer.ts';
import { DIET_TAGS, RECIPE_ERRORS, recipeInputSchema } from './recipes.ts';

/**
 * Coordinates kept to 7 decimals (about 1 cm): a value like -3.2e-81 is no place, and PostgreSQL's
 * `real` column refuses it as an underflow.
 */
const toMicrodegrees = (value: number) => Math.round(value * 1e7) / 1e7 || 0;

export { FEED_PAGE_SIZE } from '../feeds.ts';
export {
  ALT_TEXT_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  CONTENT_WARNING_MAX_LENGTH,
  EMPTY_POST_MESSAGE,
  FEED_PAGE_MAX,
  LOCATION_NAME_MAX_LENGTH,
  MEDIA_ONLY_CONTENT,
  POST_CONTENT_MAX_LENGTH,
  RECIPE_MAX_LENGTH,
} from './postLimits.ts';

export const POST_ERRORS = defineErrors({
  empty_post: EMPTY_POST_MESSAGE,
  post_category_invalid: 'Choose a category: general, prayer, food or comedy.',
  feeling_invalid: 'Choose a feeling from the list: {{feelings}}.',
  location_lat_not_number: 'location_lat must be a number.',
  location_lat_invalid: 'location_lat must be a number from -90 to 90.',
  location_lng_not_number: 'location_lng must be a number.',
  location_lng_invalid: 'location_lng must be a number from -180 to 180.',
  prayer_type_invalid: 'Choose a prayer type: {{types}}.',
  food_category_invalid: 'Choose a food category: {{categories}}.',
  post_text_required: 'The post text is required.',
  post_text_empty: 'The post text cannot be empty.',
  comment_required: 'The comment is required.',
  comment_empty: 'Write a comment first.',
  comment_too_long: 'A comment must be at most {{max}} characters.',
  feed_category_unknown: 'Unknown category.',
  comedy_date_required: 'date is required (YYYY-MM-DD).',
  comedy_date_invalid: 'date must look like 2026-11-22.',
  comedy_zone_invalid: 'tz must be a time zone such as America/Chicago.',
  alt_text_photo_only: 'Alt text describes a photo: add a photo to the post first.',
  post_audience_invalid: "Choose who can see this: 'Everyone' or 'Friends'.",
  post_audience_in_group: "A post in a group is seen by its members: choose 'Everyone'.",
  post_not_shareable: "Only its author's friends can see this post: it can't be shared onward.",
  too_many_mentions: 'A post or comment can mention at most {{max}} members.',
});
const { rule } = rulesOf(POST_ERRORS);
const { rule: recipeRule } = rulesOf(RECIPE_ERRORS);

const optionalText = (label: string, max: number, multiline = true) => text({ label, max, multiline });

/** What a post may carry beside its text, set when it is written and changed in edit (a wall post too). */
export const postExtras = {
  content_warning: optionalText('The content warning', CONTENT_WARNING_MAX_LENGTH, false),
  alt_text: optionalText('The alt text', ALT_TEXT_MAX_LENGTH),
};

export const createPostSchema = z.strictObject({
  /** The id of a group the member belongs to: the post is written there and follows its privacy. */
  group_id: z.optional(text({ label: 'group_id', min: 1, max: 64 })),
  content: z.optional(optionalText('The post', POST_CONTENT_MAX_LENGTH)),
  category: z._default(z.enum(POST_CATEGORIES, rule('post_category_invalid')), 'general'),
  media_id: z.optional(mediaIdField()),
  feeling: z.optional(z.enum(FEELINGS, rule('feeling_invalid', { feelings: FEELINGS.join(', ') }))),
  location_name: z.optional(optionalText('The location', LOCATION_NAME_MAX_LENGTH, false)),
  location_lat: z.optional(
    z.pipe(
      z
        .number(rule('location_lat_not_number'))
        .check(z.gte(-90, rule('location_lat_invalid')), z.lte(90, rule('location_lat_invalid'))),
      z.transform(toMicrodegrees),
    ),
  ),
  location_lng: z.optional(
    z.pipe(
      z
        .number(rule('location_lng_not_number'))
        .check(z.gte(-180, rule('location_lng_invalid')), z.lte(180, rule('location_lng_invalid'))),
      z.transform(toMicrodegrees),
    ),
  ),
  prayer_type: z.optional(
    z.enum(PRAYER_TYPES, rule('prayer_type_invalid', { types: PRAYER_TYPES.join(', ') })),
  ),
  food_category: z.optional(
    z.enum(FOOD_CATEGORIES, rule('food_category_invalid', { categories: FOOD_CATEGORIES.join(', ') })),
  ),
  /** Plain-text recipe notes ('Notes' on the card; what every recipe was before issue 28). */
  recipe: z.optional(optionalText('The recipe', RECIPE_MAX_LENGTH)),
  /** The structured recipe (category food): common/schemas/recipes.ts. */
  recipe_data: z.optional(recipeInputSchema),
  /** 'Content warning': the post shows only this until opened; empty is none. */
  content_warning: z.optional(postExtras.content_warning),
  /** The photo's 'Alt text' (photos only); empty is none. */
  alt_text: z.optional(postExtras.alt_text),
  /** A poll (issue 51): not beside a photo or video. */
  poll: z.optional(pollInputSchema),
  ...prayerCreateFields,
});
export type CreatePostInput = z.input<typeof createPostSchema>;

export const updatePostSchema = z.strictObject({
  content: text({
    label: 'The post',
    min: 1,
    max: POST_CONTENT_MAX_LENGTH,
    multiline: true,
    typeError: rule('post_text_required'),
    required: rule('post_text_empty'),
  }),
  /** Left out: unchanged; empty: removed. */
  content_warning: z.optional(postExtras.content_warning),
  alt_text: z.optional(postExtras.alt_text),
});

export const createCommentSchema = z.strictObject({
  content: text({
    label: 'The comment',
    min: 1,
    max: COMMENT_MAX_LENGTH,
    multiline: true,
    typeError: rule('comment_required'),
    required: rule('comment_empty'),
    tooLong: rule('comment_too_long', { max: COMMENT_MAX_LENGTH }),
  }),
});

export const feedQuerySchema = z.strictObject({
  category: z.optional(z.enum(POST_CATEGORIES, rule('feed_category_unknown'))),
  /** The food feed's filters (category food only): recipes with this diet tag, or this ingredient. */
  diet: z.optional(z.enum(DIET_TAGS, recipeRule('recipe_diet_invalid', { tags: DIET_TAGS.join(', ') }))),
  ingredient: z.optional(text({ label: 'The ingredient', min: 1, max: 60 })),
  before: cursorField,
  limit: limitField(FEED_PAGE_MAX),
});

export const authorSchema = personSchema;
export type Author = z.infer<typeof authorSchema>;

/** A mention kept with a post or comment: the member's id, and the username as it was written. */
export const mentionSchema = z.object({ id: z.string(), username: z.string() });

export const postSchema = z.object({
  id: z.string(),
  author: authorSchema,
  category: z.enum(POST_CATEGORIES),
  content: z.string(),
  media_type: z.enum(['photo', 'video', 'none']),
  image_url: z.nullable(z.string()),
  image_feed_url: z.nullable(z.string()),
  /** The photo's or video's size in pixels (null without media): the feed sizes its box before it loads. */
  media_width: z.nullable(z.number()),
  media_height: z.nullable(z.number()),
  feeling: z.nullable(z.string()),
  location_name: z.nullable(z.string()),
  location_lat: z.nullable(z.number()),
  location_lng: z.nullable(z.number()),
  prayer_type: z.nullable(z.string()),
  food_category: z.nullable(z.string()),
  recipe: z.nullable(z.string()),
  /** Whether a structured recipe belongs to the post (GET /api/posts/:id/recipe reads it). */
  has_recipe: z.boolean(),
  /** 'Content warning' (issue 51): shown instead of the post until the viewer opens it. */
  content_warning: z.nullable(z.string()),
  /** The photo's description (issue 51): its <img alt>, and the 'ALT' button's text. */
  alt_text: z.nullable(z.string()),
  /** Whom its '@username's named when written (issue 51): each links to the member by id. */
  mentions: z.array(mentionSchema),
  /** Its poll (issue 51), or null. */
  poll: z.nullable(pollSchema),
  /** The card of its first link (issue 51), once the server has read it; null without one. */
  card: z.nullable(linkCardSchema),
  /**
   * 'Who can see this' (issue 51): every post is for 'everyone' or the author's 'friends'; a prayer
   * request may also be for its 'group' or its author alone ('only_me').
   */
  visibility: z.enum(['everyone', 'friends', 'group', 'only_me']),
  like_count: z.number(),
  comment_count: z.number(),
  share_count: z.number(),
  view_count: z.number(),
  liked_by_me: z.boolean(),
  /** 'I prayed' (prayer posts only; always 0 and false on the others). */
  prayed_count: z.number(),
  prayed_by_me: z.boolean(),
  /** Saved to the viewer's bookmarks (issue 51): theirs alone, never counted for anyone. */
  bookmarked_by_me: z.boolean(),
  /** Whether the viewer voted in its poll (false without one). */
  voted_by_me: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The member whose wall the post stands on, when another member wrote it there (it got there by
   * their approval): its author may delete it but no longer edit it, and the wall's owner may delete it.
   */
  wall_owner_id: z.nullable(z.string()),
  /** The group the post was written in ('in {group name}'), or null for the public feeds' posts. */
  group: z.nullable(z.object({ id: z.string(), slug: z.string(), name: z.string() })),
  /** A prayer request's life (who sees it, anonymous, urgent, expiry, updates, answered); null otherwise. */
  prayer: z.nullable(prayerStateSchema),
});
export type Post = z.infer<typeof postSchema>;

/** GET /api/prayer/list ('My prayer list'): newest added first, and the daily reminder. */
export const prayerListSchema = z.object({
  items: z.array(z.object({ post: postSchema, added_at: z.string() })),
  reminder: prayerReminderSchema,
});
export type PrayerList = z.infer<typeof prayerListSchema>;
/** GET /api/prayer/urgent: the urgent requests the viewer may see, newest first (the prayer feed's top). */
export const urgentPrayersSchema = z.object({ posts: z.array(postSchema) });
export type UrgentPrayers = z.infer<typeof urgentPrayersSchema>;

export const feedPageSchema = z.object({ posts: z.array(postSchema), next_cursor: z.nullable(z.string()) });
export type FeedPage = z.infer<typeof feedPageSchema>;

export const commentSchema = z.object({
  id: z.string(),
  post_id: z.string(),
  author: authorSchema,
  content: z.string(),
  /** Whom its '@username's named when written (issue 51). */
  mentions: z.array(mentionSchema),
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
      /** Shown in place of the content when set (issue 51): Trending never shows what it covers. */
      content_warning: z.nullable(z.string()),
      author: authorSchema,
      like_count: z.number(),
      comment_count: z.number(),
    }),
  ),
  /** The last day's hashtags by how many members used them (issue 51). */
  tags: z.array(z.object({ name: z.string(), members: z.number() })),
});
export type Trending = z.infer<typeof trendingSchema>;

/** A comedy event as 'Find Shows' lists it (its `id` is the event's: /events/{id}). */
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
    .string(rule('comedy_date_required'))
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, rule('comedy_date_invalid'))),
  /** The viewer's time zone: members' shows are listed under the date they start on there. */
  tz: z.optional(
    z.string(rule('comedy_zone_invalid')).check(z.refine(isTimeZone, rule('comedy_zone_invalid'))),
  ),
});
