import type { Generated } from 'kysely';
import type { Timestamp } from './columnTypes.ts';

// Events with RSVP (issue 26): the rows of migrations/20261127T0100_events.ts.

export interface EventsTable {
  id: string;
  /** Null for a comedy show the admin console entered. */
  host_id: string | null;
  group_id: string | null;
  title: string;
  description: string;
  category: 'faith' | 'food' | 'comedy' | 'community';
  starts_at: Timestamp;
  ends_at: Timestamp;
  time_zone: string;
  repeat: 'none' | 'weekly';
  /** The last local date ('2027-03-28') a weekly event takes place on. */
  repeat_until: string | null;
  last_ends_at: Timestamp;
  place: 'in_person' | 'circle' | 'link';
  venue: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  online_url: string | null;
  circle_id: string | null;
  capacity: number | null;
  ticket_url: string | null;
  cover_media_id: string | null;
  cover_url: string | null;
  performer: Generated<string | null>;
  /** The date an admin console show is listed under in 'Find Shows' (null for members' events). */
  show_date: Generated<string | null>;
  cancelled_at: Generated<string | null>;
  cancel_reason: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EventOccurrencesTable {
  event_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reminded_day_at: Generated<string | null>;
  reminded_hour_at: Generated<string | null>;
  circle_opened_at: Generated<string | null>;
}

export interface EventRsvpsTable {
  event_id: string;
  occurrence: Timestamp;
  user_id: string;
  answer: 'going' | 'interested' | 'not_going' | 'waitlist';
  guests: number;
  asked_at: Timestamp;
  updated_at: Timestamp;
}

export interface CalendarFeedsTable {
  user_id: string;
  token: string;
  created_at: Timestamp;
}
