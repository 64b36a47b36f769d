import {
  type CommunityEvent,
  EVENT_LENGTH_HOURS_MAX,
  EVENTS_PAGE_MAX,
  type EventPage,
  type EventTab,
} from '@common/schemas/events.ts';
import type { DB } from '@server/db/types.ts';
import { dayRange } from '@server/events/occurrences.ts';
import { badRequest, notFound } from '@server/http/errors.ts';
import { distanceKm } from '@server/places/geo.ts';
import { type EventRow, eventSeenBy } from '@server/policies/event.ts';
import { presentEvents, type ShownEvent } from '@server/presenters/event.ts';
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { boxAround, isSparse } from './eventsNear.ts';

// Reading events (issue 26): the Upcoming, Going and Past lists with their filters ('Near me' in
// eventsNear.ts) and one event's page; Home's next three are in soonEvents.ts. Every query filters with
// the event policy's eventSeenBy.

export interface EventFilters {
  tab: EventTab;
  category?: EventRow['category'] | undefined;
  /** A local date and the zone it is in: occurrences starting on that day. */
  day?: { date: string; zone: string } | undefined;
  /** Within `km` of a point (a city or ZIP already geocoded, or the device). */
  near?: { lat: number; lng: number; km: number } | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** A list page unless the app asks for another size. */
export const EVENTS_PAGE_SIZE = 20;

/** Occurrences with their event's row: what every list walks. */
export function eventOccurrences(db: Kysely<DB>) {
  return db
    .selectFrom('event_occurrences as o')
    .innerJoin('events', 'events.id', 'o.event_id')
    .selectAll('events');
}

/** The earliest start of an occurrence that may not have ended yet: none lasts longer than this. */
export const earliestUnderWay = (now: string) =>
  new Date(Date.parse(now) - EVENT_LENGTH_HOURS_MAX * 3600_000).toISOString();

/**
 * Upcoming's walk: each event not cancelled once, at its next occurrence not yet ended (from `from`
 * on, with a date), as `shown`. Occurrences are walked in start order (event_occurrences_start_idx)
 * and one is kept when no earlier one of its event is still to end, so a page stops at its limit
 * instead of grouping every future occurrence, which grows with the network.
 * Ordered by the caller (`o.starts_at`, then `events.id`). `afterEvent` (when most occurrences walked
 * are left out by the event's own terms, as by a place's box) names the event by events.id rather than
 * o.event_id (the same): SQLite then checks the earlier occurrences only for the events that pass, not
 * for every occurrence walked (Near me: about a fifth less a page).
 */
export function nextOccurrences(
  query: ReturnType<typeof eventOccurrences>,
  from: string | null,
  now: string,
  afterEvent = false,
) {
  const earliest = earliestUnderWay(now);
  return query
    .select('o.starts_at as shown')
    .where('o.starts_at', '>', from && from > earliest ? from : earliest)
    .where('o.ends_at', '>', now)
    .where('events.cancelled_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('event_occurrences as p')
            .select(sql`1`.as('one'))
            .whereRef('p.event_id', '=', afterEvent ? 'events.id' : 'o.event_id')
            .whereRef('p.starts_at', '<', 'o.starts_at')
            .where('p.ends_at', '>', now)
            .$if(from !== null, (q) => q.where('p.starts_at', '>=', from!)),
        ),
      ),
    );
}

/**
 * After the cursor in (shown, events.id) order: later rows when the list goes forward in time, earlier
 * ones when it goes back (Past).
 */
function afterCursor(
  shown: RawBuilder<string>,
  cursor: { createdAt: string; id: string },
  order: 'asc' | 'desc',
) {
  const beyond = order === 'asc' ? sql.raw('>') : sql.raw('<');
  return sql<SqlBool>`(${shown} ${beyond} ${cursor.createdAt} or (${shown} = ${cursor.createdAt} and events.id ${beyond} ${cursor.id}))`;
}

/**
 * A page of a list. `read.sparse` chooses how 'Near me' is read, for tests (both ways give the same
 * pages); otherwise it follows how many events the box holds.
 */
export async function listEvents(
  db: Kysely<DB>,
  viewerId: string,
  filters: EventFilters,
  read: { sparse?: boolean } = {},
): Promise<EventPage> {
  const limit = Math.min(filters.limit ?? EVENTS_PAGE_SIZE, EVENTS_PAGE_MAX);
  const rows = await eventRows(db, viewerId, eventSeenBy(viewerId), { ...filters, limit }, read);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    events: await presentEvents(db, viewerId, withinNear(page, filters.near).map(shownOf)),
    next_cursor: more && last ? encodeCursor({ created_at: instantText(last.shown), id: last.id }) : null,
  };
}

/**
 * A list's rows in its order, `filters.limit` and one more (to tell whether another page follows), of
 * the events `seen` lets through (eventSeenBy's rule for the viewer; queries/upcomingPage.ts keeps
 * what every member sees). `goingOf` is the member whose Going tab this is: null for the lists that
 * are no one member's (the kept ones), which never read that tab. 'Near me' reads the box around the
 * point: the caller leaves out its corners with withinNear, after cutting the page, so the cursor
 * still follows the box.
 */
export async function eventRows(
  db: Kysely<DB>,
  goingOf: string | null,
  seen: RawBuilder<SqlBool>,
  filters: EventFilters & { limit: number },
  read: { sparse?: boolean } = {},
): Promise<Array<EventRow & { shown: string }>> {
  const limit = filters.limit;
  const cursor = filters.cursor ? decodeCursor(filters.cursor, 'the events') : null;
  const now = new Date().toISOString();
  let query = eventOccurrences(db).where(seen);
  if (filters.category) query = query.where('events.category', '=', filters.category);
  if (filters.day) {
    const [from, to] = dayRange(filters.day.date, filters.day.zone);
    query = query.where('o.starts_at', '>=', from).where('o.starts_at', '<', to);
  }
  const box = filters.near ? boxAround(filters.near) : null;
  // In a sparse box (few events near), walking occurrences by time would find little:
  // the events in the box are read first (events_point_idx), grouped and sorted instead. In a dense
  // one the box is only a filter of the walk: `+` keeps SQLite's planner off the point index there.
  const sparse =
    filters.near !== undefined &&
    filters.tab !== 'going' &&
    (read.sparse ?? (await isSparse(db, filters.near)));
  if (box) {
    const coordinate = (column: 'lat' | 'lng') =>
      sparse || filters.tab === 'going' ? sql.ref(`events.${column}`) : sql`(+events.${sql.raw(column)})`;
    query = query.where(
      sql<SqlBool>`(${coordinate('lat')} between ${box.minLat} and ${box.maxLat}
        and ${coordinate('lng')} between ${box.minLng} and ${box.maxLng})`,
    );
  }

  let rows: Array<EventRow & { shown: string }>;
  if (filters.tab === 'going') {
    if (goingOf === null) throw new Error("The Going tab is one member's list");
    // The occurrences the viewer is going to (or waiting for), soonest first: one row each.
    let going = query
      .innerJoin('event_rsvps as r', (join) =>
        join.onRef('r.event_id', '=', 'o.event_id').onRef('r.occurrence', '=', 'o.starts_at'),
      )
      .select('o.starts_at as shown')
      .where('r.user_id', '=', goingOf)
      .where('r.answer', 'in', ['going', 'waitlist'])
      // An occurrence that started before the longest event could have ended: past. Bounds the walk of
      // the member's answers (event_rsvps_user_idx) to the few still to come, however many they gave.
      .where('r.occurrence', '>', earliestUnderWay(now))
      .where('o.ends_at', '>', now);
    if (cursor) going = going.where(afterCursor(sql`o.starts_at`, cursor, 'asc'));
    rows = await going
      .orderBy('o.starts_at')
      .orderBy('events.id')
      .limit(limit + 1)
      .execute();
  } else if (filters.tab === 'past' && !sparse && !filters.day) {
    // Events whose last occurrence has ended, the latest first, shown at that last occurrence: the
    // occurrences that started before now are walked backwards in start order (event_occurrences_start_idx)
    // and one is kept when it is its event's last, so a page stops at its limit rather than grouping
    // every event that has ended.
    let past = query
      .select('o.starts_at as shown')
      .where('o.starts_at', '<=', now)
      .where('events.last_ends_at', '<=', now)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('event_occurrences as l')
              .select(sql`1`.as('one'))
              .whereRef('l.event_id', '=', 'o.event_id')
              .whereRef('l.starts_at', '>', 'o.starts_at'),
          ),
        ),
      );
    if (cursor) past = past.where(afterCursor(sql`o.starts_at`, cursor, 'desc'));
    rows = await past
      .orderBy('o.starts_at', 'desc')
      .orderBy('events.id', 'desc')
      .limit(limit + 1)
      .execute();
  } else if (filters.tab === 'past') {
    // The same list on a chosen day (the event's occurrence that day) or in a sparse box (its events
    // read first): grouped per event.
    const shown = sql<string>`max(o.starts_at)`;
    let past = query.select(shown.as('shown')).where('events.last_ends_at', '<=', now).groupBy('events.id');
    if (cursor) past = past.having(afterCursor(shown, cursor, 'desc'));
    rows = await past
      .orderBy(shown, 'desc')
      .orderBy('events.id', 'desc')
      .limit(limit + 1)
      .execute();
  } else {
    // Each event once, at its next occurrence (on the chosen day, with a date), soonest first;
    // cancelled events leave the list (those going still find them under Going). In a sparse box, the
    // box's events are grouped; otherwise occurrences are walked in start order (nextOccurrences).
    const from = filters.day ? dayRange(filters.day.date, filters.day.zone)[0] : null;
    let upcoming = sparse
      ? query
          .select(sql<string>`min(o.starts_at)`.as('shown'))
          .where('o.ends_at', '>', now)
          .where('events.cancelled_at', 'is', null)
          .groupBy('events.id')
      : nextOccurrences(query, from, now, box !== null);
    const shown = sparse ? sql<string>`min(o.starts_at)` : sql<string>`o.starts_at`;
    if (cursor) {
      const after = afterCursor(shown, cursor, 'asc');
      upcoming = sparse ? upcoming.having(after) : upcoming.where(after);
    }
    rows = await upcoming
      .orderBy(shown)
      .orderBy('events.id')
      .limit(limit + 1)
      .execute();
  }
  return rows;
}

/** The rows within the point's distance (all of them without one): the box's corners left out. */
export function withinNear<T extends Pick<EventRow, 'lat' | 'lng'>>(
  rows: T[],
  near: EventFilters['near'],
): T[] {
  if (!near) return rows;
  return rows.filter(
    (row) =>
      row.lat !== null &&
      row.lng !== null &&
      distanceKm(near, { lat: Number(row.lat), lng: Number(row.lng) }) <= near.km,
  );
}

/** PostgreSQL answers min()/max() of timestamptz already as ISO text; SQLite as the stored text. */
const instantText = (value: string) => new Date(value).toISOString();
export const shownOf = (row: EventRow & { shown: string }): ShownEvent => ({
  event: row,
  occurrence: instantText(row.shown),
});

/** The event, when the viewer may see it (`viewerId` null: a visitor); else 'Event not found' (404). */
export async function visibleEvent(
  db: Kysely<DB> | Transaction<DB>,
  viewerId: string | null,
  eventId: string,
): Promise<EventRow> {
  const event = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', eventId)
    .where(eventSeenBy(viewerId))
    .executeTakeFirst();
  if (!event) throw notFound('event_not_found');
  return event;
}

/**
 * One event's page for the viewer, at the occurrence asked for (its start instant) or else its next
 * one (its last, once all have ended). `viewerId` null is a visitor (link preview tags).
 */
export async function eventFor(
  db: Kysely<DB>,
  viewerId: string | null,
  eventId: string,
  occurrence?: string,
): Promise<CommunityEvent> {
  const event = await visibleEvent(db, viewerId, eventId);
  let shown: string | undefined;
  if (occurrence !== undefined) {
    const time = Date.parse(occurrence);
    const found = Number.isNaN(time)
      ? undefined
      : await db
          .selectFrom('event_occurrences')
          .select('starts_at')
          .where('event_id', '=', event.id)
          .where('starts_at', '=', new Date(time).toISOString())
          .executeTakeFirst();
    if (!found) throw badRequest('event_occurrence_invalid');
    shown = found.starts_at;
  } else {
    const next = await db
      .selectFrom('event_occurrences')
      .select('starts_at')
      .where('event_id', '=', event.id)
      .where('ends_at', '>', new Date().toISOString())
      .orderBy('starts_at')
      .limit(1)
      .executeTakeFirst();
    shown = next?.starts_at;
  }
  const [presented] = await presentEvents(db, viewerId, [{ event, occurrence: shown ?? lastStart(event) }], {
    detail: true,
  });
  return presented!;
}

const lastStart = (event: EventRow) =>
  new Date(
    Date.parse(event.last_ends_at) - (Date.parse(event.ends_at) - Date.parse(event.starts_at)),
  ).toISOString();
