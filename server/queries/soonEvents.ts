import type { EventPage } from '@common/schemas/events.ts';
import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import { type EventRow, eventSeenBy } from '@server/policies/event.ts';
import { groupsOfMember } from '@server/policies/group.ts';
import { presentEvents } from '@server/presenters/event.ts';
import type { Kysely } from 'kysely';
import { earliestUnderWay, shownOf } from './events.ts';

/** How many Home shows. */
export const SOON_EVENTS = 3;

/**
 * Home's 'Upcoming events': the next three the member hosts, is going to (or waiting for), or that their
 * groups hold, each at its first such occurrence not yet ended. The candidates come from the member's
 * own rows (events_host_idx, event_rsvps_user_idx, their groups' events_group_idx), so the work follows
 * what the member has, not how many events there are (grouping every future occurrence grows with the
 * network).
 */
export async function soonEvents(db: Kysely<DB>, viewerId: string): Promise<EventPage> {
  const rows = await soonRows(db, viewerId, { groups: true });
  return { events: await presentEvents(db, viewerId, rows.map(shownOf)), next_cursor: null };
}

/**
 * The rows of the next three, the member's groups' events among the candidates or not (those are cut
 * from the kept group lists: queries/upcomingPage.ts soonFromKept; that query is prepared once).
 */
export function soonRows(
  db: Kysely<DB>,
  viewerId: string,
  include: { groups: boolean },
): Promise<Array<EventRow & { shown: string }>> {
  const now = new Date().toISOString();
  // No occurrence lasts longer than an event may: one not yet ended started after this.
  const values = { viewerId, now, underWay: earliestUnderWay(now) };
  if (!include.groups) return ownSoonRows(db)(values);
  return soonQuery(db, values, include).execute();
}

type SoonValues = { viewerId: string; now: string; underWay: string };

const ownSoonRows = perDatabase(
  (db) =>
    preparedQuery(db, { viewerId: '\u0000viewer', now: '\u0000now', underWay: '\u0000underWay' }, (v) =>
      soonQuery(db, v, { groups: false }),
    ) as (values: SoonValues) => Promise<Array<EventRow & { shown: string }>>,
);

function soonQuery(db: Kysely<DB>, { viewerId, now, underWay }: SoonValues, include: { groups: boolean }) {
  const hosted = db
    .selectFrom('events as e')
    .innerJoin('event_occurrences as o', 'o.event_id', 'e.id')
    .select(['o.event_id', 'o.starts_at'])
    .where('e.host_id', '=', viewerId)
    .where('e.last_ends_at', '>', now)
    .where('o.starts_at', '>', underWay)
    .where('o.ends_at', '>', now);
  const answered = db
    .selectFrom('event_rsvps as r')
    .innerJoin('event_occurrences as o', (join) =>
      join.onRef('o.event_id', '=', 'r.event_id').onRef('o.starts_at', '=', 'r.occurrence'),
    )
    .select(['o.event_id', 'o.starts_at'])
    .where('r.user_id', '=', viewerId)
    .where('r.answer', 'in', ['going', 'waitlist'])
    .where('r.occurrence', '>', underWay)
    .where('o.ends_at', '>', now);
  const inGroups = db
    .selectFrom('events as e')
    .innerJoin('event_occurrences as o', 'o.event_id', 'e.id')
    .select(['o.event_id', 'o.starts_at'])
    .where('e.group_id', 'in', groupsOfMember(db, viewerId))
    .where('e.last_ends_at', '>', now)
    .where('o.starts_at', '>', underWay)
    .where('o.ends_at', '>', now);
  // Each event once at its first such occurrence, soonest first; the policy is checked on the
  // soonest only, until three pass (a member of busy groups has hundreds of candidates).
  const theirs = include.groups ? hosted.unionAll(answered).unionAll(inGroups) : hosted.unionAll(answered);
  const candidates = db
    .selectFrom(theirs.as('c'))
    .select(['c.event_id', (eb) => eb.fn.min('c.starts_at').as('shown')])
    .groupBy('c.event_id')
    .orderBy('shown')
    .orderBy('c.event_id');
  return db
    .selectFrom(candidates.as('s'))
    .innerJoin('events', 'events.id', 's.event_id')
    .selectAll('events')
    .select('s.shown')
    .where(eventSeenBy(viewerId))
    .where('events.cancelled_at', 'is', null)
    .orderBy('s.shown')
    .orderBy('events.id')
    .limit(SOON_EVENTS);
}
