import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { isRealDate, isWebLink } from './admin.ts';
import { cursorField, isTimeZone, limitField, mediaIdField, personSchema, text } from './fields.ts';

export { isTimeZone };

/**
 * Events with RSVP (issue 26, DESIGN section 7): services, studies, supper clubs, comedy shows and open
 * mics. Times are stored in UTC with the event's IANA zone; a weekly event is one row with a rule and
 * its occurrences are computed (server/events/occurrences.ts), each with its own RSVPs. The form sends
 * wall-clock times in the event's zone and the server turns them into instants. This file is the API's
 * contract; the policy is server/policies/event.ts.
 */
export const EVENT_CATEGORIES = ['faith', 'food', 'comedy', 'community'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
/** Where: a place ('In person'), a FaithVerse circle the event opens when it starts, or a web link. */
export const EVENT_PLACES = ['in_person', 'circle', 'link'] as const;
export type EventPlace = (typeof EVENT_PLACES)[number];
export const EVENT_REPEATS = ['none', 'weekly'] as const;
export type EventRepeat = (typeof EVENT_REPEATS)[number];
/** What a member answers. 'waitlist' is never sent: a 'going' that does not fit is stored as it. */
export const RSVP_ANSWERS = ['going', 'interested', 'not_going'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
export const RSVP_STANDINGS = ['going', 'interested', 'not_going', 'waitlist'] as const;
export type RsvpStanding = (typeof RSVP_STANDINGS)[number];
export const EVENT_TABS = ['upcoming', 'going', 'past'] as const;
export type EventTab = (typeof EVENT_TABS)[number];

export const EVENT_TITLE_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 2000;
export const EVENT_VENUE_MAX = 100;
export const EVENT_ADDRESS_MAX = 200;
export const EVENT_LINK_MAX = 500;
export const EVENT_CANCEL_REASON_MAX = 500;
export const EVENT_MESSAGE_MAX = 1000;
export const EVENT_CAPACITY_MAX = 100_000;
export const EVENT_GUESTS_MAX = 5;
/** An event lasts at most this long; a weekly one repeats for at most EVENT_REPEAT_DAYS_MAX days. */
export const EVENT_LENGTH_HOURS_MAX = 7 * 24;
export const EVENT_REPEAT_DAYS_MAX = 366;
export const EVENTS_PER_DAY = 20;
export const EVENT_MESSAGES_PER_DAY = 3;
export const EVENTS_PAGE_MAX = 50;
/** 'Near me' looks this far by default (and at most EVENT_NEAR_KM_MAX). */
export const EVENT_NEAR_KM = 25;
export const EVENT_NEAR_KM_MAX = 200;
/** The attendee avatars an event page shows. */
export const EVENT_ATTENDEES_SHOWN = 12;

export const EVENT_ERRORS = defineErrors({
  event_not_found: 'Event not found',
  event_title_required: 'Give the event a title (up to {{max}} characters).',
  event_category_invalid: 'Choose a category: Faith, Food, Comedy or Community.',
  event_time_invalid: 'Enter a date and a time.',
  event_zone_invalid: 'Choose a time zone from the list.',
  event_ends_before_start: 'The event must end after it starts.',
  event_too_long: 'An event can last at most {{hours}} hours.',
  event_in_past: 'The event must start in the future.',
  event_repeat_invalid: "Choose 'Does not repeat' or 'Weekly'.",
  event_repeat_until_required: 'Choose the date a weekly event repeats until.',
  event_repeat_until_invalid:
    'A weekly event repeats until a date after its first day, at most {{days}} days later.',
  event_place_invalid: "Choose where: 'In person' or 'Online'.",
  event_venue_required: 'Enter the venue of an in-person event.',
  event_link_invalid: 'Enter a link starting with http:// or https://.',
  event_capacity_invalid: 'Capacity must be a whole number from 1 to {{max}}, or empty.',
  event_guests_invalid: 'Bring from 0 to {{max}} guests.',
  event_answer_invalid: "Answer 'Going', 'Interested' or 'Not going'.",
  event_tab_invalid: 'Choose Upcoming, Going or Past.',
  event_occurrence_invalid: 'This event does not take place at that time.',
  event_cancelled: 'This event was cancelled.',
  event_over: 'This event has already ended.',
  event_hosts_only: "Only the event's host and its group's admins can do this.",
  event_cover_not_photo: 'A cover must be a photo.',
  event_cover_in_use: 'That upload is already shown somewhere else. Please upload it again.',
  event_guests_no_room: 'There is room for at most {{left}} guests with you. Bring fewer guests.',
  event_reason_required: 'Tell attendees why the event is cancelled.',
  event_message_required: 'Write a message to the attendees.',
  event_create_limit: 'You can create at most {{max}} events a day. Try again tomorrow.',
  event_message_limit: 'You can message attendees at most {{max}} times a day. Try again tomorrow.',
  event_near_invalid: "'Near me' needs a latitude and a longitude.",
  event_date_invalid: 'Choose a real date.',
  calendar_not_found: 'Calendar not found',
});
const { rule } = rulesOf(EVENT_ERRORS);

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/;
/** A wall-clock time as `<input type="datetime-local">` writes it: '2026-12-06T10:30'. */
export const isLocalDateTime = (value: string): boolean => {
  const m = LOCAL_DATE_TIME.exec(value);
  return Boolean(m && isRealDate(m[1]!));
};

const webLink = (label: string) =>
  text({ label, max: EVENT_LINK_MAX }).check(
    z.refine((s) => s === '' || isWebLink(s), rule('event_link_invalid')),
  );
const localTime = z
  .string(rule('event_time_invalid'))
  .check(z.refine(isLocalDateTime, rule('event_time_invalid')));
const dateField = z
  .string(rule('event_date_invalid'))
  .check(z.refine(isRealDate, rule('event_date_invalid')));
const categoryField = z.enum(EVENT_CATEGORIES, rule('event_category_invalid'));

const eventFields = {
  title: text({
    label: 'Title',
    min: 1,
    max: EVENT_TITLE_MAX,
    required: rule('event_title_required', { max: EVENT_TITLE_MAX }),
  }),
  description: z.optional(text({ label: 'Description', max: EVENT_DESCRIPTION_MAX, multiline: true })),
  /** Wall-clock start and end in `time_zone`. */
  starts_local: localTime,
  ends_local: localTime,
  time_zone: z.string(rule('event_zone_invalid')).check(z.refine(isTimeZone, rule('event_zone_invalid'))),
  repeat: z.enum(EVENT_REPEATS, rule('event_repeat_invalid')),
  /** The last local date a weekly event takes place on (inclusive); required with 'weekly'. */
  repeat_until: z.optional(z.nullable(dateField)),
  category: categoryField,
  place: z.enum(EVENT_PLACES, rule('event_place_invalid')),
  venue: z.optional(text({ label: 'Venue', max: EVENT_VENUE_MAX })),
  address: z.optional(text({ label: 'Address', max: EVENT_ADDRESS_MAX })),
  /** With place 'link': the http(s) address the event happens at. */
  online_url: z.optional(webLink('Link')),
  capacity: z.optional(
    z.nullable(
      z
        .number(rule('event_capacity_invalid', { max: EVENT_CAPACITY_MAX }))
        .check(
          z.int(rule('event_capacity_invalid', { max: EVENT_CAPACITY_MAX })),
          z.gte(1, rule('event_capacity_invalid', { max: EVENT_CAPACITY_MAX })),
          z.lte(EVENT_CAPACITY_MAX, rule('event_capacity_invalid', { max: EVENT_CAPACITY_MAX })),
        ),
    ),
  ),
  ticket_url: z.optional(webLink('Ticket link')),
  /** An upload of the member's (a photo). Leaving it out on edit keeps the cover; null removes it. */
  cover_media_id: z.optional(z.nullable(mediaIdField())),
};

/** POST /api/events. `group_id`: a group the member may post in; the event follows its privacy. */
export const createEventSchema = z.strictObject({
  ...eventFields,
  group_id: z.optional(z.nullable(text({ label: 'group_id', min: 1, max: 64 }))),
});
export type CreateEventInput = z.input<typeof createEventSchema>;

/** PUT /api/events/:id (the host and the group's admins): the whole form again; the group stays. */
export const updateEventSchema = z.strictObject(eventFields);
export type UpdateEventInput = z.input<typeof updateEventSchema>;

/** POST /api/events/:id/cancel */
export const cancelEventSchema = z.strictObject({
  reason: text({
    label: 'Reason',
    min: 1,
    max: EVENT_CANCEL_REASON_MAX,
    multiline: true,
    required: rule('event_reason_required'),
  }),
});

/** POST /api/events/:id/messages: one bell line and one email to each going member (3 a day). */
export const eventMessageSchema = z.strictObject({
  text: text({
    label: 'Message',
    min: 1,
    max: EVENT_MESSAGE_MAX,
    multiline: true,
    required: rule('event_message_required'),
  }),
});

/** An occurrence of the event, as its start instant in UTC ('2026-12-06T16:00:00.000Z'). */
const occurrenceField = z.optional(text({ label: 'occurrence', min: 1, max: 40 }));

/** PUT /api/events/:id/rsvp. A weekly event's answer is for one occurrence (its next one if left out). */
export const rsvpSchema = z.strictObject({
  answer: z.enum(RSVP_ANSWERS, rule('event_answer_invalid')),
  guests: z.optional(
    z
      .number(rule('event_guests_invalid', { max: EVENT_GUESTS_MAX }))
      .check(
        z.int(rule('event_guests_invalid', { max: EVENT_GUESTS_MAX })),
        z.gte(0, rule('event_guests_invalid', { max: EVENT_GUESTS_MAX })),
        z.lte(EVENT_GUESTS_MAX, rule('event_guests_invalid', { max: EVENT_GUESTS_MAX })),
      ),
  ),
  occurrence: occurrenceField,
});
export type RsvpInput = z.input<typeof rsvpSchema>;

/** GET /api/events/:id?occurrence= */
export const eventQuerySchema = z.strictObject({ occurrence: occurrenceField });

const coordinate = (max: number) =>
  z.optional(
    z.coerce
      .number(rule('event_near_invalid'))
      .check(z.gte(-max, rule('event_near_invalid')), z.lte(max, rule('event_near_invalid'))),
  );

/**
 * GET /api/events?tab=upcoming&category=&date=&tz=&near=&lat=&lng=&km=&cursor=
 * `date` is a local date in `tz` (the viewer's zone); `lat`/`lng` (both or neither) list events within
 * `km` of that point (EVENT_NEAR_KM by default).
 */
export const eventListQuerySchema = z.strictObject({
  tab: z.optional(z.enum(EVENT_TABS, rule('event_tab_invalid'))),
  category: z.optional(categoryField),
  date: z.optional(dateField),
  tz: z.optional(
    z.string(rule('event_zone_invalid')).check(z.refine(isTimeZone, rule('event_zone_invalid'))),
  ),
  /** A city or ZIP, geocoded by the server (the places geocoder); or the device's `lat` and `lng`. */
  near: z.optional(text({ label: 'The place', min: 2, max: 100 })),
  lat: coordinate(90),
  lng: coordinate(180),
  km: z.optional(
    z.coerce
      .number(rule('event_near_invalid'))
      .check(z.gt(0, rule('event_near_invalid')), z.lte(EVENT_NEAR_KM_MAX, rule('event_near_invalid'))),
  ),
  cursor: cursorField,
  limit: limitField(EVENTS_PAGE_MAX),
});
export type EventListQuery = z.input<typeof eventListQuerySchema>;

/** An event as its page and lists show it, for one occurrence, with where the viewer stands. */
export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(EVENT_CATEGORIES),
  /** The shown occurrence's start and end (UTC ISO instants). */
  starts_at: z.string(),
  ends_at: z.string(),
  /** The same in the event's zone, as the edit form's inputs want them ('2026-12-06T10:30'). */
  starts_local: z.string(),
  ends_local: z.string(),
  /**
   * The first occurrence's start and end in the event's zone: what the edit form shows, since editing
   * a weekly event edits the whole series (the same as starts_local for a single event).
   */
  series_starts_local: z.string(),
  series_ends_local: z.string(),
  time_zone: z.string(),
  repeat: z.enum(EVENT_REPEATS),
  repeat_until: z.nullable(z.string()),
  /** A weekly event's next occurrences from now (start instants, at most 8); [] for a single event. */
  next_occurrences: z.array(z.string()),
  place: z.enum(EVENT_PLACES),
  venue: z.nullable(z.string()),
  address: z.nullable(z.string()),
  /** Where the address was found (geocoded once when saved), for the OpenStreetMap link. */
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  online_url: z.nullable(z.string()),
  /** The circle an online event opened (place 'circle', once it has started). */
  circle_id: z.nullable(z.string()),
  capacity: z.nullable(z.number()),
  ticket_url: z.nullable(z.string()),
  cover_url: z.nullable(z.string()),
  /** Null for a comedy show the admin console entered, or a host no longer shown. */
  host: z.nullable(personSchema),
  /** A comedy show's performer (the admin console's Shows). */
  performer: z.nullable(z.string()),
  group: z.nullable(z.object({ id: z.string(), slug: z.string(), name: z.string() })),
  cancelled: z.nullable(z.object({ at: z.string(), reason: z.string() })),
  /** Going members plus their guests, for this occurrence. */
  going_count: z.number(),
  interested_count: z.number(),
  /** capacity − going_count (never below 0); null without a capacity. */
  spots_left: z.nullable(z.number()),
  /** The first going members (avatars). */
  attendees: z.array(personSchema),
  viewer: z.object({
    answer: z.nullable(z.enum(RSVP_STANDINGS)),
    guests: z.number(),
    /** 1 for the first in line. */
    waitlist_position: z.nullable(z.number()),
    /** The host and the group's admins: Edit, Cancel event, Message attendees. */
    may_manage: z.boolean(),
  }),
});
export type CommunityEvent = z.infer<typeof eventSchema>;

export const eventPageSchema = z.object({
  events: z.array(eventSchema),
  next_cursor: z.nullable(z.string()),
});
export type EventPage = z.infer<typeof eventPageSchema>;

/**
 * GET /api/settings/calendar and POST /api/settings/calendar/reset: the member's private calendar feed
 * of the events they are going to or interested in, as https and webcal addresses (a long random token
 * that works without a session; resetting it makes the old address answer 404 at once).
 */
export const calendarFeedSchema = z.object({ https_url: z.string(), webcal_url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
