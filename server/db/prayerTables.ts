import type { Timestamp } from './columnTypes.ts';

// Prayer requests (issue 27): the tables of migrations/20261128T0000_prayer_requests.ts (the columns
// it adds to posts are in types.ts' PostsTable).

export interface PrayerUpdatesTable {
  id: string;
  post_id: string;
  content: string;
  created_at: Timestamp;
}

export interface PrayerListTable {
  user_id: string;
  post_id: string;
  added_at: Timestamp;
}

/** 'Stop updates': the member hears no more of this request's updates and answer. */
export interface PrayerUpdateOffsTable {
  user_id: string;
  post_id: string;
}

export interface PrayerRemindersTable {
  user_id: string;
  /** 'HH:MM' in time_zone. */
  time_of_day: string;
  time_zone: string;
  next_at: Timestamp;
}
