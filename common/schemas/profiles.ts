import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { SEARCH_QUERY_MAX_LENGTH } from '../limits.ts';
import { LANGUAGE_CODES } from '../options.ts';
import { cursorField, limitField, mediaIdField, profileSummarySchema, text } from './fields.ts';
import { FRIENDSHIP_STATES } from './follows.ts';
import { FEED_PAGE_MAX } from './postLimits.ts';

// Declared with the other shared shapes so follows.ts can use it without importing this file.
export { type ProfileSummary, profileSummarySchema } from './fields.ts';

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  /**
   * The member's interface language (/settings/language), so every device shows it from the start;
   * null until they have one saved (the web app then saves the language it is showing).
   */
  language: z.nullable(z.enum(LANGUAGE_CODES)),
  profile: profileSummarySchema,
});
export type Me = z.infer<typeof meSchema>;

export const searchProfilesResponseSchema = z.object({ profiles: z.array(profileSummarySchema) });
export type SearchProfilesResponse = z.infer<typeof searchProfilesResponseSchema>;

/** The About fields of a profile (spec section 3), in the order the About tab shows them. */
export const ABOUT_FIELDS = [
  ['hobbies', 'Hobbies'],
  ['favorite_movies', 'Favorite movies'],
  ['favorite_music', 'Favorite music'],
  ['favorite_books', 'Favorite books'],
  ['education', 'Education'],
  ['work', 'Work'],
  ['relationship_status', 'Relationship status'],
  ['hometown', 'Hometown'],
  ['current_city', 'Current city'],
  ['website', 'Website'],
] as const;
export type AboutField = (typeof ABOUT_FIELDS)[number][0];

export const ABOUT_FIELD_MAX_LENGTH = 200;

export const PROFILE_MESSAGES = {
  userNotFound: 'User not found',
  coverNotMedia: 'Please upload an image or video file',
  coverNoFile: 'Please select a file first',
  avatarNotPhoto: 'Please choose a photo for your profile picture.',
  profileVideoNotVideo: 'Please choose a video for your profile video.',
  profileVideoNoFile: 'Choose a video of up to 3 seconds first.',
  website: 'The website must be a link starting with http:// or https://',
} as const;

export const COVER_POSITION_MESSAGE = 'The cover position must be a whole number from 0 to 100.';

export const PROFILE_ERRORS = defineErrors({
  user_not_found: PROFILE_MESSAGES.userNotFound,
  no_file: PROFILE_MESSAGES.coverNoFile,
  not_a_photo: PROFILE_MESSAGES.avatarNotPhoto,
  not_a_video: PROFILE_MESSAGES.profileVideoNotVideo,
  profile_video_too_long:
    'Profile videos can be at most {{max}} seconds long. This one is {{seconds}} seconds.',
  website_invalid: PROFILE_MESSAGES.website,
  search_query_required: 'q is required.',
  avatar_missing: 'Choose a photo to upload.',
  profile_video_missing: 'Choose a video to upload.',
  cover_position_invalid: COVER_POSITION_MESSAGE,
  wall_media_invalid: 'media must be photo or video.',
});
const { rule } = rulesOf(PROFILE_ERRORS);

export const searchProfilesQuerySchema = z.strictObject({
  q: text({
    label: 'The search',
    max: SEARCH_QUERY_MAX_LENGTH,
    typeError: rule('search_query_required'),
  }),
});

/** A link a browser can open: http(s) only, so a `javascript:` website never becomes a link. */
export function isWebsiteUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const aboutText = (label: string) => z.optional(text({ label, max: ABOUT_FIELD_MAX_LENGTH }));

/** PATCH /api/profiles/me/details: only the fields sent change; an empty text clears a field. */
export const profileDetailsSchema = z.strictObject({
  hobbies: aboutText('Hobbies'),
  favorite_movies: aboutText('Favorite movies'),
  favorite_music: aboutText('Favorite music'),
  favorite_books: aboutText('Favorite books'),
  education: aboutText('Education'),
  work: aboutText('Work'),
  relationship_status: aboutText('Relationship status'),
  hometown: aboutText('Hometown'),
  current_city: aboutText('Current city'),
  website: z.optional(
    text({ label: 'Website', max: ABOUT_FIELD_MAX_LENGTH }).check(
      z.refine((value) => value === '' || isWebsiteUrl(value), rule('website_invalid')),
    ),
  ),
});
export type ProfileDetailsInput = z.input<typeof profileDetailsSchema>;

export const avatarInputSchema = z.strictObject({
  media_id: mediaIdField(rule('avatar_missing')),
});

export const profileVideoInputSchema = z.strictObject({
  media_id: mediaIdField(rule('profile_video_missing')),
});

export const coverInputSchema = z.strictObject({
  media_id: z.optional(mediaIdField()),
  position: z
    .number(rule('cover_position_invalid'))
    .check(
      z.int(rule('cover_position_invalid')),
      z.gte(0, rule('cover_position_invalid')),
      z.lte(100, rule('cover_position_invalid')),
    ),
});
export type CoverInput = z.input<typeof coverInputSchema>;

/** GET /api/profiles/:id/posts: the wall, or only its photos or videos (Photos and Videos tabs). */
export const wallQuerySchema = z.strictObject({
  before: cursorField,
  limit: limitField(FEED_PAGE_MAX),
  media: z.optional(z.enum(['photo', 'video'], rule('wall_media_invalid'))),
});

export const profilePageSchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  avatar_url: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  cover_photo_url: z.nullable(z.string()),
  cover_photo_position: z.number(),
  /** What the cover upload is (from its stored kind, never from the URL); null without a cover. */
  cover_media_type: z.nullable(z.enum(['photo', 'video'])),
  /** A clip of at most 3 seconds that plays in place of the avatar on the profile page. */
  profile_video_url: z.nullable(z.string()),
  hobbies: z.nullable(z.string()),
  favorite_movies: z.nullable(z.string()),
  favorite_music: z.nullable(z.string()),
  favorite_books: z.nullable(z.string()),
  education: z.nullable(z.string()),
  work: z.nullable(z.string()),
  relationship_status: z.nullable(z.string()),
  hometown: z.nullable(z.string()),
  current_city: z.nullable(z.string()),
  website: z.nullable(z.string()),
  followers_visible: z.boolean(),
  followers_count: z.number(),
  following_count: z.number(),
  is_me: z.boolean(),
  i_follow: z.boolean(),
  friendship: z.enum(FRIENDSHIP_STATES),
});
export type ProfilePage = z.infer<typeof profilePageSchema>;
