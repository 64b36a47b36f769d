import type { NotificationType } from '@common/schemas/notifications.ts';
import type { Generated } from 'kysely';
import type { Bool, Timestamp } from './columnTypes.ts';

// Row types of what tells members about things: the bell, the notification emails, web push.

export interface EmailDigestsTable {
  user_id: string;
  day: string;
  sent_at: Timestamp;
  post_count: number;
}

export interface AnnouncementsTable {
  id: string;
  subject: string;
  body: string;
  created_by: string | null;
  created_at: Timestamp;
  finished_at: string | null;
}

export interface AnnouncementDeliveriesTable {
  announcement_id: string;
  user_id: string;
  sent_at: Timestamp;
}

export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  from_user_id: string | null;
  type: NotificationType;
  post_id: string | null;
  message: string | null;
  is_read: Bool;
  created_at: Timestamp;
  /** How many senders one unread notification stands for (grouped 'prayer' notifications). */
  group_count: Generated<number>;
  /** The group a group notification is about (a request, an invitation, a post in it). */
  group_id: Generated<string | null>;
  /** The event an event notification is about (a spot opened, a cancellation, a reminder). */
  event_id: Generated<string | null>;
}
