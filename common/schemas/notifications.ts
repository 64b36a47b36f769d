import { z } from 'zod/mini';
import { personSchema } from './fields.ts';

export const NOTIFICATIONS_SHOWN = 10;
export const BADGE_CAP = 99;

/** Every kind of notification; the server writes only these and the bell has a text for each. */
export const NOTIFICATION_TYPES = [
  'friend_request',
  'like',
  'comment',
  'message',
  'circle_live',
  'wall_post',
  'prayer',
  // Groups: a request to join (to its admins), an approval, an invitation, a new role, a post in it.
  'group_request',
  'group_approved',
  'group_invite',
  'group_role',
  'group_post',
  'event_spot',
  'event_cancelled',
  'event_changed',
  'event_reminder',
  'event_message',
  // Prayer requests (issue 27): an update or an answer on a request the member prayed for or listed
  // (from: the author, null when anonymous), 'Still need prayer?' to the author, the daily reminder
  // (message: how many requests are on the list).
  'prayer_update',
  'prayer_answered',
  'prayer_expiring',
  'prayer_reminder',
  // Mentions (issue 51): '<name> mentioned you', in a post or a comment on it (post_id: the post).
  'mention',
  // A poll the member wrote or voted in has ended (issue 51): 'Final results' (post_id: its post).
  'poll_ended',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  message: z.nullable(z.string()),
  post_id: z.nullable(z.string()),
  is_read: z.boolean(),
  created_at: z.string(),
  from: z.nullable(personSchema),
  /** How many other members this one line stands for ('Ana and 2 others prayed for your request'). */
  others: z.number(),
  /** The group a group notification is about. */
  group: z.nullable(z.object({ slug: z.string(), name: z.string() })),
  /**
   * The event an event notification is about. `message` holds the cancel reason (event_cancelled), the
   * host's words (event_message) or how soon it starts, '24h' or '1h' (event_reminder).
   */
  event: z.nullable(z.object({ id: z.string(), title: z.string() })),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
