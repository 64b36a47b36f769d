import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { BIO_MAX_LENGTH, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../limits.ts';
import { LANGUAGE_CODES, LANGUAGES } from '../options.ts';
import { sanitizeUsername } from '../username.ts';
import { fieldRule, text } from './fields.ts';

/** Spec section 9: one username change per 30 days. */
export const USERNAME_CHANGE_INTERVAL_DAYS = 30;

export const USERNAME_LOCKED_TITLE = 'Cannot change username';
export const usernameLockedDescription = (days: number) =>
  `You can change your username in ${days} day${days === 1 ? '' : 's'}`;

export const SETTINGS_MESSAGES = {
  noChanges: 'No changes to save',
  usernameTaken: 'Username taken - This username is already in use',
  usernameEmpty: 'Username must have at least one letter, number or underscore.',
  wrongPassword: 'That password is not right.',
  passwordRequired: 'Enter your password to delete your account.',
} as const;

export const SETTINGS_ERRORS = defineErrors({
  no_changes: SETTINGS_MESSAGES.noChanges,
  username_taken: SETTINGS_MESSAGES.usernameTaken,
  /** USERNAME_LOCKED_TITLE, then usernameLockedDescription. */
  username_locked: {
    one: 'Cannot change username - You can change your username in {{count}} day',
    other: 'Cannot change username - You can change your username in {{count}} days',
  },
  username_empty: SETTINGS_MESSAGES.usernameEmpty,
  bio_too_long: 'Bio must be at most {{max}} characters.',
  wrong_password: SETTINGS_MESSAGES.wrongPassword,
  delete_password_required: SETTINGS_MESSAGES.passwordRequired,
  who_can_message_invalid: 'who_can_message must be friends or everyone.',
  language_invalid: 'Choose a language: {{languages}}.',
});
const { rule } = rulesOf(SETTINGS_ERRORS);

// ---- Account (full name and username) ----

export const accountSettingsSchema = z.object({
  full_name: z.string(),
  username: z.string(),
  last_username_change: z.nullable(z.string()),
  can_change_username: z.boolean(),
  days_until_username_change: z.number(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** PATCH /api/settings/account: the username is lower-cased and stripped to a-z, 0-9 and _ (spec 5). */
export const updateAccountSchema = z.strictObject({
  full_name: z.optional(text({ label: 'Full name', min: 1, max: FULL_NAME_MAX_LENGTH })),
  username: z.optional(
    text({ label: 'Username', max: USERNAME_MAX_LENGTH, trim: false }).check(
      z.refine((value) => sanitizeUsername(value).length > 0, rule('username_empty')),
    ),
  ),
});
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

// ---- Profile details (bio) ----

export const profileDetailsSettingsSchema = z.object({
  username: z.string(),
  full_name: z.string(),
  bio: z.nullable(z.string()),
});
export type ProfileDetailsSettings = z.infer<typeof profileDetailsSettingsSchema>;

/** PATCH /api/settings/profile-details: an empty bio clears it. */
export const updateBioSchema = z.strictObject({
  bio: z.nullable(
    text({
      label: 'Bio',
      max: BIO_MAX_LENGTH,
      multiline: true,
      tooLong: rule('bio_too_long', { max: BIO_MAX_LENGTH }),
    }),
  ),
});
export type UpdateBioInput = z.input<typeof updateBioSchema>;

// ---- Privacy ----

/**
 * 'Who can message you' (DESIGN.md): friends (an accepted friendship; the spec's default) or
 * everyone. Messages from anyone else still arrive, in 'Message requests'.
 */
export const WHO_CAN_MESSAGE = ['friends', 'everyone'] as const;
export type WhoCanMessage = (typeof WHO_CAN_MESSAGE)[number];
export const WHO_CAN_MESSAGE_LABELS: Record<WhoCanMessage, string> = {
  friends: 'Friends',
  everyone: 'Everyone',
};
export const DEFAULT_WHO_CAN_MESSAGE: WhoCanMessage = 'friends';

export const privacySettingsSchema = z.object({
  followers_visible: z.boolean(),
  who_can_message: z.enum(WHO_CAN_MESSAGE),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/** PATCH /api/settings/privacy: only the fields sent change. */
export const updatePrivacySchema = z.strictObject({
  followers_visible: z.optional(z.boolean(fieldRule('not_boolean', { name: 'followers_visible' }))),
  who_can_message: z.optional(z.enum(WHO_CAN_MESSAGE, rule('who_can_message_invalid'))),
});
export type UpdatePrivacyInput = z.input<typeof updatePrivacySchema>;

// ---- Preferences (notifications, language, media) ----

export { LANGUAGE_CODES, LANGUAGES, type Language } from '../options.ts';

const languageCodes = LANGUAGE_CODES;

export const PREFERENCE_TOGGLES = [
  'push_new_posts',
  'push_comments',
  'push_likes',
  'push_messages',
  'push_events',
  'push_prayer',
  'push_mentions',
  'email_new_posts',
  'email_updates',
  'email_events',
  'email_prayer',
  'email_mentions',
  'autoplay_videos',
  'high_quality_images',
  'data_saver',
  'show_content_warnings',
  'remind_alt_text',
  'email_sign_in_alerts',
] as const;
export type PreferenceToggle = (typeof PREFERENCE_TOGGLES)[number];

export const preferencesSchema = z.object({
  push_new_posts: z.boolean(),
  push_comments: z.boolean(),
  push_likes: z.boolean(),
  push_messages: z.boolean(),
  push_events: z.boolean(),
  push_prayer: z.boolean(),
  push_mentions: z.boolean(),
  email_new_posts: z.boolean(),
  email_updates: z.boolean(),
  email_events: z.boolean(),
  email_prayer: z.boolean(),
  email_mentions: z.boolean(),
  autoplay_videos: z.boolean(),
  high_quality_images: z.boolean(),
  data_saver: z.boolean(),
  /** 'Always show posts with content warnings' (issue 51). */
  show_content_warnings: z.boolean(),
  /** 'Remind me to add alt text': asked once before posting a photo without it (issue 51). */
  remind_alt_text: z.boolean(),
  /** 'Email me about sign-ins from a new browser' (issue 52): on. */
  email_sign_in_alerts: z.boolean(),
  language: z.enum(languageCodes),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** What a member has before saving anything (the user_settings column defaults). */
export const DEFAULT_PREFERENCES: Preferences = {
  push_new_posts: true,
  push_comments: true,
  push_likes: true,
  push_messages: true,
  push_events: true,
  push_prayer: true,
  push_mentions: true,
  email_new_posts: false,
  email_updates: false,
  email_events: true,
  email_prayer: true,
  email_mentions: true,
  autoplay_videos: true,
  high_quality_images: true,
  data_saver: false,
  show_content_warnings: false,
  remind_alt_text: true,
  email_sign_in_alerts: true,
  language: 'en-US',
};

const toggle = (field: PreferenceToggle) => z.optional(z.boolean(fieldRule('not_boolean', { name: field })));

/** PATCH /api/settings/preferences: only the fields sent change. */
export const updatePreferencesSchema = z.strictObject({
  push_new_posts: toggle('push_new_posts'),
  push_comments: toggle('push_comments'),
  push_likes: toggle('push_likes'),
  push_messages: toggle('push_messages'),
  push_events: toggle('push_events'),
  push_prayer: toggle('push_prayer'),
  push_mentions: toggle('push_mentions'),
  email_new_posts: toggle('email_new_posts'),
  email_updates: toggle('email_updates'),
  email_events: toggle('email_events'),
  email_prayer: toggle('email_prayer'),
  email_mentions: toggle('email_mentions'),
  autoplay_videos: toggle('autoplay_videos'),
  high_quality_images: toggle('high_quality_images'),
  data_saver: toggle('data_saver'),
  show_content_warnings: toggle('show_content_warnings'),
  remind_alt_text: toggle('remind_alt_text'),
  email_sign_in_alerts: toggle('email_sign_in_alerts'),
  language: z.optional(
    z.enum(
      languageCodes,
      rule('language_invalid', { languages: LANGUAGES.map(([, label]) => label).join(', ') }),
    ),
  ),
});
export type UpdatePreferencesInput = z.input<typeof updatePreferencesSchema>;

// ---- Your data ----

/** GET /api/settings/data/summary: what 'Review your data' shows. */
export const dataSummarySchema = z.object({
  email: z.string(),
  created_at: z.string(),
  counts: z.object({
    posts: z.number(),
    comments: z.number(),
    likes: z.number(),
    followers: z.number(),
    following: z.number(),
    messages: z.number(),
  }),
});
export type DataSummary = z.infer<typeof dataSummarySchema>;

const rows = z.array(z.record(z.string(), z.unknown()));

/** GET /api/settings/data: everything Splikz holds about the member, as rows of each table. */
export const dataExportSchema = z.object({
  exported_at: z.string(),
  account: z.object({ id: z.string(), email: z.string(), created_at: z.string() }),
  profile: z.record(z.string(), z.unknown()),
  settings: preferencesSchema,
  posts: rows,
  comments: rows,
  likes: rows,
  /** The posts they saved for later and when, and the tags they follow (issue 51). */
  bookmarks: rows,
  followed_tags: rows,
  follows: z.object({ following: rows, followers: rows }),
  blocks_and_mutes: z.object({ blocked: rows, muted: rows }),
  friendships: rows,
  messages: z.object({ sent: rows, received: rows }),
  notifications: rows,
  pending_posts: z.object({ submitted: rows, on_my_wall: rows }),
  contact_messages: rows,
  /** The member's own group memberships (groups, roles, standing), never other members'. */
  groups: rows,
  /** The events the member hosts and their own answers (issue 26). */
  events: z.object({ hosted: rows, answers: rows }),
  /** Their prayer updates, prayer list, reminder and the requests they prayed for (issue 27). */
  prayer: z.object({ updates: rows, list: rows, prayed_for: rows, reminder: rows }),
  /**
   * Their recipes (issue 28): each recipe on their food posts with its diet tags, ingredients and
   * steps, the recipes they saved and their shopping list.
   */
  recipes: z.object({ written: rows, saved: rows, shopping_list: rows }),
  media: rows,
  /** Where they are signed in (issue 52): browser, system, address and times, never a token. */
  sessions: rows,
  /** Their passkeys (issue 52): names and dates, never a credential or key. */
  passkeys: rows,
  /** The browsers and systems they signed in from, for sign-in alerts (issue 52). */
  sign_in_browsers: rows,
  /** The apps they authorized (issue 53): names, scopes and dates, never a token. */
  authorized_apps: rows,
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const deleteAccountSchema = z.strictObject({
  password: text({
    label: 'Password',
    min: 1,
    max: PASSWORD_MAX_LENGTH,
    trim: false,
    typeError: rule('delete_password_required'),
    required: rule('delete_password_required'),
  }),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
