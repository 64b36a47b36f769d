import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { cursorField, isTimeZone, limitField, text } from './fields.ts';

/**
 * Prayer requests from asked to answered (issue 27, DESIGN section 7). A prayer request is a post of
 * category prayer with who may see it, an anonymous flag (the author is stored as always; presenters
 * hide it from everyone but the author), an urgent mark for 48 hours, an expiry, updates in order and
 * an answered state with a testimony. A member's prayer list is its own table with an optional daily
 * reminder at a time of day in their zone. This file is the API's contract; the rule of who sees a
 * request is server/policies/prayer.ts.
 */

/** 'Who can see this': everyone signed in, the author's friends, their group's members, the author only. */
export const PRAYER_VISIBILITIES = ['everyone', 'friends', 'group', 'only_me'] as const;
export type PrayerVisibility = (typeof PRAYER_VISIBILITIES)[number];
/** Days after its last update that an unanswered request leaves the feed and prayer lists; null: never. */
export const PRAYER_EXPIRY_DAYS = [7, 30, 90] as const;
export const PRAYER_EXPIRY_DEFAULT = 30;
/** The author is asked 'Still need prayer?' this many days before it expires. */
export const PRAYER_EXPIRY_WARN_DAYS = 3;
export const PRAYER_URGENT_HOURS = 48;
export const PRAYER_UPDATE_MAX = 2000;
export const PRAYER_TESTIMONY_MAX = 2000;
export const PRAYER_LIST_MAX = 500;
/** The urgent requests the prayer feed keeps on top at most. */
export const PRAYER_URGENT_SHOWN = 10;
/** What an anonymous request shows as its author to everyone but the author. */
export const ANONYMOUS_NAME = 'A member';

export const PRAYER_ERRORS = defineErrors({
  prayer_fields_not_prayer: 'Anonymity, urgency and expiry belong to prayer requests.',
  prayer_visibility_invalid: "Choose who can see this: 'Everyone', 'Friends', 'My group' or 'Only me'.",
  prayer_group_required: "Choose the group whose members can see this ('My group').",
  prayer_group_is_group: "A request in a group is seen by its members: choose 'My group'.",
  prayer_expiry_invalid: 'Choose when it expires: 7, 30 or 90 days, or never.',
  prayer_not_request: 'This post is not a prayer request.',
  prayer_author_only: 'Only the member who asked can do this.',
  prayer_already_answered: 'This prayer is already marked as answered.',
  prayer_answered_not_listed: 'This prayer was answered: it no longer needs a place on prayer lists.',
  prayer_expired_not_listed: 'This request has expired: its author can renew it.',
  prayer_own_request: 'Your own requests are in your journal: your prayer list is for others’ requests.',
  prayer_list_full: 'Your prayer list holds at most {{max}} requests: remove some first.',
  prayer_not_on_list: 'This request is not on your prayer list.',
  prayer_update_required: 'Write the update first.',
  prayer_update_too_long: 'An update must be at most {{max}} characters.',
  prayer_testimony_too_long: 'A testimony must be at most {{max}} characters.',
  prayer_not_boolean: '{{name}} must be true or false.',
  reminder_time_invalid: 'Choose a time of day such as 07:30.',
  reminder_zone_invalid: 'Choose a time zone such as America/Chicago.',
});
const { rule } = rulesOf(PRAYER_ERRORS);

const flag = (name: string) => z.boolean(rule('prayer_not_boolean', { name }));
const expiryField = z.nullable(
  z.union(
    PRAYER_EXPIRY_DAYS.map((days) => z.literal(days, rule('prayer_expiry_invalid'))) as [
      z.ZodMiniLiteral<7>,
      z.ZodMiniLiteral<30>,
      z.ZodMiniLiteral<90>,
    ],
    rule('prayer_expiry_invalid'),
  ),
);

/** What the prayer composer adds to POST /api/posts (category prayer only). */
export const prayerCreateFields = {
  /** Default 'everyone' ('group' when group_id is given, the only choice there). */
  visibility: z.optional(z.enum(PRAYER_VISIBILITIES, rule('prayer_visibility_invalid'))),
  anonymous: z.optional(flag('anonymous')),
  urgent: z.optional(flag('urgent')),
  /** 7, 30 (the default) or 90 days after the last update; null: 'Never'. */
  expires_after_days: z.optional(expiryField),
};

/** A request's state as every viewer who may see it sees it (null on other posts). */
export const prayerStateSchema = z.object({
  visibility: z.enum(PRAYER_VISIBILITIES),
  /** Shown as from 'A member' (author.id '' and no avatar) to everyone but its author. */
  anonymous: z.boolean(),
  /** 'Urgent': on top of the prayer feed until urgent_until (48 hours after asking). */
  urgent: z.boolean(),
  urgent_until: z.nullable(z.string()),
  expires_after_days: z.nullable(z.number()),
  /** When it leaves the feed and prayer lists (null: never, or answered). */
  expires_at: z.nullable(z.string()),
  expired: z.boolean(),
  answered_at: z.nullable(z.string()),
  testimony: z.nullable(z.string()),
  update_count: z.number(),
  /** Whether the author is told each time someone prays (the author's choice). */
  notify_prayed: z.boolean(),
});
export type PrayerState = z.infer<typeof prayerStateSchema>;

export const prayerUpdateSchema = z.object({ id: z.string(), content: z.string(), created_at: z.string() });
export type PrayerUpdate = z.infer<typeof prayerUpdateSchema>;
/** GET /api/posts/:id/updates: oldest first, and whether the viewer stopped hearing of them. */
export const prayerUpdatesSchema = z.object({
  updates: z.array(prayerUpdateSchema),
  following: z.boolean(),
});
export type PrayerUpdates = z.infer<typeof prayerUpdatesSchema>;

/** POST /api/posts/:id/updates ('Add an update'; the author only). */
export const addPrayerUpdateSchema = z.strictObject({
  content: text({
    label: 'The update',
    min: 1,
    max: PRAYER_UPDATE_MAX,
    multiline: true,
    typeError: rule('prayer_update_required'),
    required: rule('prayer_update_required'),
    tooLong: rule('prayer_update_too_long', { max: PRAYER_UPDATE_MAX }),
  }),
});

/** POST /api/posts/:id/answered ('Mark as answered'; the author only). */
export const markAnsweredSchema = z.strictObject({
  testimony: z.optional(
    text({
      label: 'The testimony',
      max: PRAYER_TESTIMONY_MAX,
      multiline: true,
      tooLong: rule('prayer_testimony_too_long', { max: PRAYER_TESTIMONY_MAX }),
    }),
  ),
});

/** PATCH /api/posts/:id/prayer: the author's choices on their request. */
export const prayerSettingsSchema = z.strictObject({
  notify_prayed: z.optional(flag('notify_prayed')),
  expires_after_days: z.optional(expiryField),
});

/** PUT /api/posts/:id/prayer/follow: 'Stop updates' (false) or hear them again (true). */
export const prayerFollowSchema = z.strictObject({ following: flag('following') });

const timeOfDay = z
  .string(rule('reminder_time_invalid'))
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, rule('reminder_time_invalid')));
const zone = z
  .string(rule('reminder_zone_invalid'))
  .check(z.refine(isTimeZone, rule('reminder_zone_invalid')));

/** 'Remind me daily': a time of day in the member's zone, or null for no reminder. */
export const prayerReminderSchema = z.object({
  time: z.nullable(z.string()),
  time_zone: z.nullable(z.string()),
});
export type PrayerReminder = z.infer<typeof prayerReminderSchema>;
export const setPrayerReminderSchema = z.strictObject({ time: z.nullable(timeOfDay), time_zone: zone });

/** GET /api/prayer/answered and /api/prayer/journal: a feed page (feedPageSchema). */
export const prayerFeedQuerySchema = z.strictObject({ before: cursorField, limit: limitField(50) });
