import { type CommunityEvent, EVENT_ATTENDEES_SHOWN, type RsvpStanding } from '@common/schemas/events.ts';
import type { Person } from '@common/schemas/fields.ts';
import type { DB } from '@server/db/types.ts';
import { localOf } from '@server/events/occurrences.ts';
import { notHiddenFrom, visibleMember } from '@server/policies/blocks.ts';
import type { EventRow } from '@server/policies/event.ts';
import { groupsOfMember } from '@server/policies/group.ts';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;

/** One event as a list or its page shows it: the row and the occurrence shown (its start instant). */
export interface ShownEvent {
  event: EventRow;
  occurrence: string;
}

/** Which of these groups the viewer runs (owner or admin): they manage the groups' events. */
export async function groupsRunBy(db: Db, viewerId: string, groupIds: string[]): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const rows = await groupsOfMember(db, viewerId, { runIt: true })
    .where('group_members.group_id', 'in', groupIds)
    .execute();
  return new Set(rows.map((row) => row.group_id));
}

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/**
 * Events as the API answers them, for one viewer, in a fixed number of queries whatever the page's
 * length: hosts, groups, counts, the viewer's answers and whether they run the group. `detail` (the
 * event page) adds the attendees, the waitlist position and a weekly event's next dates.
 */
export async function presentEvents(
  db: Db,
  viewerId: string | null,
  shown: ShownEvent[],
  options: { detail?: boolean } = {},
): Promise<CommunityEvent[]> {
  if (shown.length === 0) return [];
  const ids = [...new Set(shown.map((s) => s.event.id))];
  const occurrences = [...new Set(shown.map((s) => s.occurrence))];
  const groupIds = [...new Set(shown.flatMap((s) => (s.event.group_id ? [s.event.group_id] : [])))];
  const hostIds = [...new Set(shown.flatMap((s) => (s.event.host_id ? [s.event.host_id] : [])))];
  const [hosts, groups, counts, mine, adminOf] = await Promise.all([
    hostIds.length
      ? db
          .selectFrom('profiles')
          .select(['id', 'username', 'full_name', 'avatar_url'])
          .where('id', 'in', hostIds)
          .execute()
      : [],
    groupIds.length
      ? db.selectFrom('groups').select(['id', 'slug', 'name']).where('id', 'in', groupIds).execute()
      : [],
    db
      .selectFrom('event_rsvps')
      .select([
        'event_id',
        'occurrence',
        'answer',
        (eb) => eb.fn.countAll().as('people'),
        sql<number>`sum(1 + guests)`.as('seats'),
      ])
      .where('event_id', 'in', ids)
      .where('occurrence', 'in', occurrences)
      .where('answer', 'in', ['going', 'interested'])
      .groupBy(['event_id', 'occurrence', 'answer'])
      .execute(),
    viewerId
      ? db
          .selectFrom('event_rsvps')
          .selectAll()
          .where('user_id', '=', viewerId)
          .where('event_id', 'in', ids)
          .where('occurrence', 'in', occurrences)
          .execute()
      : [],
    viewerId ? groupsRunBy(db, viewerId, groupIds) : new Set<string>(),
  ]);
  const hostOf = byId(hosts);
  const groupOf = byId(groups);
  const key = (eventId: string, occurrence: string) => `${eventId}|${occurrence}`;
  const count = new Map(counts.map((row) => [`${key(row.event_id, row.occurrence)}|${row.answer}`, row]));
  const answerOf = new Map(mine.map((row) => [key(row.event_id, row.occurrence), row]));

  return Promise.all(
    shown.map(async ({ event, occurrence }) => {
      const length = Date.parse(event.ends_at) - Date.parse(event.starts_at);
      const endsAt = new Date(Date.parse(occurrence) + length).toISOString();
      const going = Number(count.get(`${key(event.id, occurrence)}|going`)?.seats ?? 0);
      const interested = Number(count.get(`${key(event.id, occurrence)}|interested`)?.people ?? 0);
      const answer = answerOf.get(key(event.id, occurrence));
      const host = event.host_id ? hostOf.get(event.host_id) : undefined;
      const group = event.group_id ? groupOf.get(event.group_id) : undefined;
      const detail = options.detail ? await detailOf(db, viewerId, event, occurrence, answer) : null;
      return {
        id: event.id,
        title: event.title,
        description: event.description,
        category: event.category,
        starts_at: occurrence,
        ends_at: endsAt,
        starts_local: localOf(occurrence, event.time_zone),
        ends_local: localOf(endsAt, event.time_zone),
        series_starts_local: localOf(event.starts_at, event.time_zone),
        series_ends_local: localOf(event.ends_at, event.time_zone),
        time_zone: event.time_zone,
        repeat: event.repeat,
        repeat_until: event.repeat_until,
        next_occurrences: detail?.next ?? [],
        place: event.place,
        venue: event.venue,
        address: event.address,
        lat: event.lat === null ? null : Number(event.lat),
        lng: event.lng === null ? null : Number(event.lng),
        online_url: event.online_url,
        circle_id: event.circle_id,
        capacity: event.capacity,
        ticket_url: event.ticket_url,
        cover_url: event.cover_url,
        host: host ?? null,
        performer: event.performer,
        group: group ? { id: group.id, slug: group.slug, name: group.name } : null,
        cancelled:
          event.cancelled_at !== null ? { at: event.cancelled_at, reason: event.cancel_reason ?? '' } : null,
        going_count: going,
        interested_count: interested,
        spots_left: event.capacity === null ? null : Math.max(0, event.capacity - going),
        attendees: detail?.attendees ?? [],
        viewer: eventViewerPart(event, viewerId, answer, adminOf, detail?.position ?? null),
      };
    }),
  );
}

/** What one viewer adds to an event: their answer and guests, their place in line, whether they run it. */
export type EventViewerPart = CommunityEvent['viewer'];

/** The viewer's part of an event, `runs` the groups they own or are an admin of. */
export function eventViewerPart(
  event: { host_id: string | null; group_id: string | null },
  viewerId: string | null,
  answer: { answer: RsvpStanding; guests: number } | undefined,
  runs: ReadonlySet<string>,
  waitlistPosition: number | null = null,
): EventViewerPart {
  return {
    answer: answer?.answer ?? null,
    guests: answer?.guests ?? 0,
    waitlist_position: waitlistPosition,
    may_manage:
      viewerId !== null &&
      (event.host_id === viewerId || (event.group_id !== null && runs.has(event.group_id))),
  };
}

/** An event written once as JSON for every viewer, open where its viewer's part goes (writeEvent). */
export function openEventJson(event: Omit<CommunityEvent, 'viewer'>): string {
  return JSON.stringify(event).slice(0, -1);
}

/** Most events on a page have no answer of the viewer's: their parts are written once. */
const NO_ANSWER = [false, true].map((mayManage) =>
  JSON.stringify({
    answer: null,
    guests: 0,
    waitlist_position: null,
    may_manage: mayManage,
  } satisfies EventViewerPart),
);

/** The event's JSON for one viewer, as JSON.stringify of presentEvents' event writes it. */
export function writeEvent(open: string, viewer: EventViewerPart): string {
  const part =
    viewer.answer === null && viewer.guests === 0 && viewer.waitlist_position === null
      ? NO_ANSWER[viewer.may_manage ? 1 : 0]
      : JSON.stringify(viewer);
  return `${open},"viewer":${part}}`;
}

async function detailOf(
  db: Db,
  viewerId: string | null,
  event: EventRow,
  occurrence: string,
  answer: { answer: string; asked_at: string; user_id: string } | undefined,
) {
  const now = new Date().toISOString();
  let attendeeQuery = db
    .selectFrom('event_rsvps')
    .innerJoin('profiles', 'profiles.id', 'event_rsvps.user_id')
    .select(['profiles.id', 'profiles.username', 'profiles.full_name', 'profiles.avatar_url'])
    .where('event_rsvps.event_id', '=', event.id)
    .where('event_rsvps.occurrence', '=', occurrence)
    .where('event_rsvps.answer', '=', 'going')
    .orderBy('event_rsvps.updated_at')
    .orderBy('event_rsvps.user_id')
    .limit(EVENT_ATTENDEES_SHOWN);
  // A blocked member's answer is not shown to the other (nor a suspended member's to anyone).
  attendeeQuery = attendeeQuery.where(
    viewerId ? notHiddenFrom(viewerId, 'event_rsvps.user_id') : visibleMember('event_rsvps.user_id'),
  );
  const [attendees, next, ahead] = await Promise.all([
    attendeeQuery.execute(),
    event.repeat === 'weekly'
      ? db
          .selectFrom('event_occurrences')
          .select('starts_at')
          .where('event_id', '=', event.id)
          .where('ends_at', '>', now)
          .orderBy('starts_at')
          .limit(8)
          .execute()
      : [],
    answer?.answer === 'waitlist'
      ? db
          .selectFrom('event_rsvps')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('event_id', '=', event.id)
          .where('occurrence', '=', occurrence)
          .where('answer', '=', 'waitlist')
          .where((eb) =>
            eb.or([
              eb('asked_at', '<', answer.asked_at),
              eb.and([eb('asked_at', '=', answer.asked_at), eb('user_id', '<', answer.user_id)]),
            ]),
          )
          .executeTakeFirstOrThrow()
      : null,
  ]);
  return {
    attendees: attendees as Person[],
    next: next.map((row) => row.starts_at),
    position: ahead ? Number(ahead.n) + 1 : null,
  };
}
