import { defineErrors, type ErrorParams, type ParamArgs, renderTemplate } from './errorTemplates.ts';
import { REALTIME_ERRORS } from './realtime.ts';
import { ADMIN_ERRORS } from './schemas/admin.ts';
import { ANNOUNCEMENT_ERRORS } from './schemas/announcements.ts';
import { AUTH_ERRORS } from './schemas/auth.ts';
import { BLOCK_ERRORS } from './schemas/blocks.ts';
import { CIRCLE_ERRORS } from './schemas/circles.ts';
import { CONTACT_ERRORS } from './schemas/contact.ts';
import { EVENT_ERRORS } from './schemas/events.ts';
import { FIELD_ERRORS } from './schemas/fields.ts';
import { FOLLOW_ERRORS } from './schemas/follows.ts';
import { GROUP_ERRORS } from './schemas/groups.ts';
import { LINK_CARD_ERRORS } from './schemas/linkCards.ts';
import { MASTODON_ERRORS } from './schemas/mastodon.ts';
import { MEDIA_ERRORS } from './schemas/media.ts';
import { MESSAGE_ERRORS } from './schemas/messages.ts';
import { OAUTH_ERRORS } from './schemas/oauth.ts';
import { PLACES_ERRORS } from './schemas/places.ts';
import { POLL_ERRORS } from './schemas/polls.ts';
import { POST_ERRORS } from './schemas/posts.ts';
import { PRAYER_ERRORS } from './schemas/prayer.ts';
import { PROFILE_ERRORS } from './schemas/profiles.ts';
import { PUSH_ERRORS } from './schemas/push.ts';
import { RECIPE_ERRORS } from './schemas/recipes.ts';
import { REPORT_ERRORS } from './schemas/reports.ts';
import { SETTINGS_ERRORS } from './schemas/settings.ts';
import { TAG_ERRORS } from './schemas/tags.ts';
import { WALL_ERRORS } from './schemas/wall.ts';

/**
 * What only the server says (the web never checks these itself), by code. The schemas' own tables
 * hold their checks and the refusals the web shows too.
 */
const SERVER_ERRORS = defineErrors({
  // The HTTP layer (server/http): sessions, bodies, addresses, origins, rate limits.
  unauthorized: 'Please sign in to continue.',
  internal_error: 'Something went wrong on our side. Please try again.',
  bad_request: 'The request is not valid.',
  invalid_input: 'The request is not valid.',
  bad_url: 'The address is not valid: it has a broken percent-encoding.',
  max_param_length: 'A part of the address is too long.',
  ctp_invalid_json_body: 'The request body is not valid JSON.',
  ctp_body_too_large: 'The request body is too large.',
  ctp_invalid_media_type: 'Send the request body as application/json.',
  too_deeply_nested: 'The request body is too deeply nested (at most {{levels}} levels).',
  body_not_object: 'The request body must be a JSON object.',
  unknown_field: { one: 'Unknown field: {{fields}}.', other: 'Unknown fields: {{fields}}.' },
  bad_origin: 'Requests from {{origin}} are not allowed.',
  missing_origin: 'The request must carry an Origin header.',
  rate_limited: {
    one: 'Too many attempts. Please wait {{count}} second and try again.',
    other: 'Too many attempts. Please wait {{count}} seconds and try again.',
  },
  not_found: 'No route for {{method}} {{url}}.',
  no_media: 'No media at {{url}}.',
  range_not_satisfiable: 'Range Not Satisfiable',
  invalid_cursor: 'The page cursor is not valid. Reload {{what}}.',
  invalid_link: 'This unsubscribe link is not valid',
  // Signing in and up (Better Auth's codes, snake_case).
  email_not_verified: 'Please confirm your email first. We sent a new confirmation link to your inbox.',
  invalid_email_or_password: 'Invalid email or password.',
  invalid_token: 'This link is invalid or has expired. Please ask for a new one.',
  user_already_exists: 'An account with this email already exists. Sign in instead.',
  no_free_username: 'Could not find a free username. Please choose one.',
  invalid_password: 'Your current password is not right. Nothing was changed.',
  // Two-factor sign-in (issue 52; Better Auth's twoFactor codes, and ours).
  invalid_code: 'That code is not right. Check your authenticator app and try again.',
  invalid_backup_code: 'That recovery code is not right, or it was already used.',
  totp_already_enabled: 'Two-factor authentication is already on.',
  totp_not_enabled: 'Two-factor authentication is not on for this account.',
  backup_codes_not_enabled: 'Two-factor authentication is not on for this account.',
  too_many_attempts_request_new_code: 'Too many wrong codes. Sign in again with your password.',
  invalid_two_factor_cookie: 'Your sign-in has expired. Sign in again with your password.',
  account_temporarily_locked: 'Too many wrong codes for this account. Please try again in 15 minutes.',
  two_factor_code_used: 'This code was already used. Wait for the next one in your app.',
  two_factor_required: 'Turn on two-factor authentication to use the admin console.',
  two_factor_locked: {
    one: 'Too many wrong codes for this account. Please wait {{count}} minute and try again.',
    other: 'Too many wrong codes for this account. Please wait {{count}} minutes and try again.',
  },
  // Passkeys (issue 52; Better Auth's passkey codes).
  challenge_not_found: 'This passkey request has expired. Please try again.',
  passkey_not_found:
    'This passkey does not belong to a Splikz account here. Sign in with your email and password.',
  authentication_failed: 'Your passkey could not be checked. Try again, or sign in with your password.',
  failed_to_verify_registration: 'Your passkey could not be added. Please try again.',
  auth_error: 'Request failed.',
  sign_in_throttled: {
    one: 'Too many failed sign-in attempts for this account. Please wait {{count}} second and try again.',
    other: 'Too many failed sign-in attempts for this account. Please wait {{count}} seconds and try again.',
  },
  sign_in_throttled_minutes: {
    one: 'Too many failed sign-in attempts for this account. Please wait {{count}} minute and try again.',
    other: 'Too many failed sign-in attempts for this account. Please wait {{count}} minutes and try again.',
  },
  // Uploads, as the server finds them once received.
  photo_too_many_pixels: 'Photos can be at most 100 megapixels.',
  animation_too_many_pixels: 'Animations can be at most 100 megapixels, all frames together.',
  invalid_media: 'That upload was not found. Please upload the file again.',
  media_in_post: 'That upload is already part of a post. Please upload it again.',
  media_on_profile: 'That upload is already on your profile. Please upload it again.',
  not_multipart: 'Send the file as multipart/form-data in a field named "file".',
  too_many_files: 'Upload one file at a time.',
  too_many_fields: 'Send only the file, in a field named "file".',
  bad_upload: 'The upload was incomplete or malformed. Please try again.',
  // Places (OpenStreetMap behind our server).
  map_unavailable: 'The map service could not be reached. Please try again in a minute.',
  map_busy: 'The map service is busy right now. Please try again in a few seconds.',
  map_bad_answer: 'The map service sent an answer we could not read. Please try again in a minute.',
  place_not_found: 'We could not find "{{query}}" on the map. Try a city name or a ZIP code.',
  // Realtime.
  too_many_signals: 'Too many signals at once. Wait a few seconds and try again.',
  signal_self: 'Address another peer.',
  signal_sdp_missing: 'An offer or answer needs its sdp.',
  signal_not_in_circle: 'That member is not in this circle.',
  signal_guest_to_host: 'Guests only speak to the host.',
  // Posts, comments, prayers.
  post_not_found: 'Post not found',
  comment_not_found: 'Comment not found',
  post_edit_author_only: 'Only the author can edit this post.',
  post_delete_author_only: 'Only the author can delete this post.',
  comment_delete_own_only: 'You can only delete your own comments.',
  prayer_type_not_prayer: 'A prayer type is only for prayer posts.',
  food_fields_not_food: 'A food category and recipe are only for food posts.',
  location_incomplete: 'Send both location_lat and location_lng, or neither.',
  not_a_prayer_request: 'Only prayer requests can be prayed for.',
  // Everything else a member does.
  notification_not_found: 'Notification not found',
  friend_request_not_found: 'There is no pending friend request from this member.',
  client_id_taken: 'This client_id was already used for another message. Send with a new one.',
  before_and_after: 'Ask for messages before or after a point, not both.',
  unknown_after: 'after must be the id of a message in this conversation. Reload the conversation.',
  push_endpoint_taken:
    'Another account already gets notifications in this browser. Turn notifications off here, then on again.',
  not_a_push_service: 'That address is not a push service Splikz sends to.',
});

/**
 * Every error the server can send, by code, with its English template. The server renders its
 * messages from here; the catalogue check (scripts/i18n) wants an `error.<code>` key for each in every
 * language.
 */
export const ERRORS = {
  ...SERVER_ERRORS,
  ...FIELD_ERRORS,
  ...ADMIN_ERRORS,
  ...ANNOUNCEMENT_ERRORS,
  ...AUTH_ERRORS,
  ...BLOCK_ERRORS,
  ...CIRCLE_ERRORS,
  ...CONTACT_ERRORS,
  ...EVENT_ERRORS,
  ...FOLLOW_ERRORS,
  ...GROUP_ERRORS,
  ...MEDIA_ERRORS,
  ...MASTODON_ERRORS,
  ...MESSAGE_ERRORS,
  ...OAUTH_ERRORS,
  ...PLACES_ERRORS,
  ...POST_ERRORS,
  ...POLL_ERRORS,
  ...LINK_CARD_ERRORS,
  ...PRAYER_ERRORS,
  ...RECIPE_ERRORS,
  ...PROFILE_ERRORS,
  ...PUSH_ERRORS,
  ...REALTIME_ERRORS,
  ...REPORT_ERRORS,
  ...SETTINGS_ERRORS,
  ...TAG_ERRORS,
  ...WALL_ERRORS,
} as const;

/** Every table above, so a test can see that no two define the same code. */
export const ERROR_TABLES = [
  SERVER_ERRORS,
  FIELD_ERRORS,
  ADMIN_ERRORS,
  ANNOUNCEMENT_ERRORS,
  AUTH_ERRORS,
  BLOCK_ERRORS,
  CIRCLE_ERRORS,
  CONTACT_ERRORS,
  EVENT_ERRORS,
  FOLLOW_ERRORS,
  GROUP_ERRORS,
  MEDIA_ERRORS,
  MASTODON_ERRORS,
  MESSAGE_ERRORS,
  OAUTH_ERRORS,
  PLACES_ERRORS,
  POST_ERRORS,
  POLL_ERRORS,
  LINK_CARD_ERRORS,
  PRAYER_ERRORS,
  RECIPE_ERRORS,
  PROFILE_ERRORS,
  PUSH_ERRORS,
  REALTIME_ERRORS,
  REPORT_ERRORS,
  SETTINGS_ERRORS,
  TAG_ERRORS,
  WALL_ERRORS,
];

export type ErrorCode = keyof typeof ERRORS;
/** What follows a code: nothing, or the params its template takes. */
export type ErrorArgs<C extends ErrorCode> = ParamArgs<(typeof ERRORS)[C]>;
/** The codes that take no params. */
export type PlainErrorCode = { [C in ErrorCode]: ErrorArgs<C> extends [] ? C : never }[ErrorCode];

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);

/** An error's English message. */
export function errorMessage<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): string {
  return renderTemplate(ERRORS[code], args[0] as ErrorParams | undefined);
}
