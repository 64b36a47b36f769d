import type { ABOUT_FIELDS, AboutField, PROFILE_MESSAGES } from '@common/schemas/profiles.ts';
import type { WALL_MESSAGES } from '@common/schemas/wall.ts';
import { msg } from '@web/i18n/msg.ts';

/*
 * The catalogue keys of the common/ texts the profile shows (common/ cannot mark its texts with msg()).
 * Typed against the common tables: a change of wording there fails the type check until it is made here
 * too. Shown with t(…) / i18n.t(…).
 */

type AboutLabel<F extends AboutField> = Extract<(typeof ABOUT_FIELDS)[number], readonly [F, string]>[1];

/** The About fields' labels (ABOUT_FIELDS), by field. */
export const ABOUT_LABELS = {
  hobbies: msg('Hobbies'),
  favorite_movies: msg('Favorite movies'),
  favorite_music: msg('Favorite music'),
  favorite_books: msg('Favorite books'),
  education: msg('Education'),
  work: msg('Work'),
  relationship_status: msg('Relationship status'),
  hometown: msg('Hometown'),
  current_city: msg('Current city'),
  website: msg('Website'),
} as const satisfies { [F in AboutField]: AboutLabel<F> };

export const PROFILE_KEYS = {
  coverNotMedia: msg('Please upload an image or video file'),
  coverNoFile: msg('Please select a file first'),
  avatarNotPhoto: msg('Please choose a photo for your profile picture.'),
  profileVideoNotVideo: msg('Please choose a video for your profile video.'),
  profileVideoNoFile: msg('Choose a video of up to 3 seconds first.'),
} as const satisfies { [K in keyof typeof PROFILE_MESSAGES]?: (typeof PROFILE_MESSAGES)[K] };

export const WALL_KEYS = {
  submitted: msg('Submitted for approval'),
} as const satisfies { [K in keyof typeof WALL_MESSAGES]?: (typeof WALL_MESSAGES)[K] };
