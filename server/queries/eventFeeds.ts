import type { ComedyShow } from '@common/schemas/posts.ts';
import type { DB } from '@server/db/types.ts';
import { dayRange } from '@server/events/occurrences.ts';
import { notSuspended } from '@server/policies/blocks.ts';
import { type EventRow, eventSeenBy } from '@server/policies/event.ts';
import { type Kysely, sql } from 'kysely';

// Events read outside the app's own lists (issue 26): a member's private calendar feed, and the Comedy
// Zone's 'Find Shows'. Both filter with the event policy's eventSeenBy.

/** How far back the calendar feed keeps events (calendar apps keep what they already have). */
const FEED_PAST_MS = 30 * 24 * 3600 * 1000;

/**
 * The calendar feed behind a token: the events its member is going to, interested in or waiting for
 * that they may see now (a group they left, a host who blocked them: gone from the feed). Null for a
 * token nobody holds or a suspended member's.
 */
export async function calendarFeedEvents(db: Kysely<DB>, token: string): Promise<EventRow[] | null> {
  const owner = await db
    .selectFrom('calendar_feeds')
    .select('calendar_feeds.user_id')
    .where('calendar_feeds.token', '=', token)
    .where(notSuspended('calendar_feeds.user_id'))
    .executeTakeFirst();
  if (!owner) return null;
  // From the member's answers (event_rsvps_user_idx) to their events, not every event to its answers,
  // which read the whole events table for each fetch.
  return db
    .selectFrom('events')
    .selectAll()
    .where(eventSeenBy(owner.user_id))
    .where('events.last_ends_at', '>', new Date(Date.now() - FEED_PAST_MS).toISOString())
    .where('events.id', 'in', (eb) =>
      eb
        .selectFrom('event_rsvps')
        .select('event_rsvps.event_id')
        .where('event_rsvps.user_id', '=', owner.user_id)
        .where('event_rsvps.answer', 'in', ['going', 'interested', 'waitlist']),
    )
    .orderBy('events.starts_at')
    .limit(500)
    .execute();
}

/**
 * 'Find Shows': the comedy events of a date the viewer may see, earliest first: the admin console's
 * shows by the date they were entered under, members' shows and open mics by the day they start on in
 * the viewer's zone. Cancelled ones leave the list.
 */
export async function comedyShowsOn(
  db: Kysely<DB>,
  viewerId: string,
  date: string,
  zone: string,
): Promise<ComedyShow[]> {
  const [from, to] = dayRange(date, zone);
  const shows = () =>
    db
      .selectFrom('event_occurrences as o')
      .innerJoin('events', 'events.id', 'o.event_id')
      .select([
        'events.id',
        'events.title',
        'events.performer',
        'events.venue',
        'events.place',
        'events.address',
        'events.ticket_url',
        'o.starts_at',
      ])
      .where('events.category', '=', 'comedy')
      .where('events.cancelled_at', 'is', null)
      .where(eventSeenBy(viewerId));
  // Two reads, each by its index (events_show_date_idx; the day's occurrences by start), not one with
  // an `or` between them, which read every occurrence there is (130-180 ms at 120,000 events).
  const entered = shows().where('events.show_date', '=', date);
  // `|| ''` (still null for null) keeps the planner off events_show_date_idx here, whose null entries are
  // every member's event: the day's occurrences are read by their start instead.
  const members = shows()
    .where(sql`events.show_date || ''`, 'is', null)
    .where('o.starts_at', '>=', from)
    .where('o.starts_at', '<', to);
  const rows = await db
    .selectFrom(entered.unionAll(members).as('s'))
    .selectAll()
    .orderBy('s.starts_at')
    .orderBy('s.title')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    performer: row.performer,
    venue: row.venue ?? (row.place === 'in_person' ? '' : 'Online'),
    city: row.address,
    show_date: date,
    starts_at: row.starts_at,
    ticket_url: row.ticket_url,
  }));
}
