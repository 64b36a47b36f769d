import { EVENTS_PAGE_MAX, type EventCategory } from '@common/schemas/events.ts';
import { SHARED } from '@server/cache/declared.ts';
import { hiddenMembers, hiddenVersionOf } from '@server/cache/hiddenMembers.ts';
import { sharedValue } from '@server/cache/shared.ts';
import { sharedNumber } from '@server/cache/versions.ts';
import {
  answerKey,
  answersVersionOf,
  type ViewerAnswer,
  viewerAnswers,
} from '@server/cache/viewerAnswers.ts';
import { groupsVersionOf, type ViewerGroup, viewerGroups } from '@server/cache/viewerGroups.ts';
import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import { visibleMember } from '@server/policies/blocks.ts';
import { type EventRow, eventSeenByAnyMember, keptEventShownTo } from '@server/policies/event.ts';
import { eventViewerPart, openEventJson, presentEvents, writeEvent } from '@server/presenters/event.ts';
import { encodeCursor } from '@server/queries/cursor.ts';
import {
  type EventFilters,
  eventOccurrences,
  eventRows,
  nextOccurrences,
  shownOf,
  withinNear,
} from '@server/queries/events.ts';
import { boxAround } from '@server/queries/eventsNear.ts';
import { firstPage } from '@server/queries/firstPage.ts';
import { SOON_EVENTS, soonRows } from '@server/queries/soonEvents.ts';
import { type Kysely, sql } from 'kysely';

/**
 * The first page of Upcoming and of 'Near me' (no date or cursor; one category or all), cut per viewer
 * from the upcoming events this node keeps, as queries/newestPage.ts does for the feeds. Two kinds of
 * kept lists, each already written as JSON but for its `viewer` part:
 * - the next events anyone signed in may see (outside groups or in public groups, hosts neither
 *   suspended nor unconfirmed): EVENTS_KEPT of them, for all or a category, or in the box around a
 *   point;
 * - each private or secret group's next GROUP_KEPT events (its hosts visible).
 * Per viewer, in one small prepared query of three numbers (their hidden members', groups' and answers'
 * versions; each kept per member on this node until its number moves): the hosts blocked either way
 * left out (queries/hiddenMembers.ts), their own private and secret groups' lists merged in
 * (queries/viewerGroups.ts), and their answers (queries/viewerAnswers.ts) and whether they run the
 * event filled in. A list that is not whole
 * (more events follow its last) serves only up to its last event; what is kept is checked against its
 * tables' number (cache/declared.ts upcomingLists, groupEventLists). Anything else, and a page the
 * kept lists cannot make, reads listEvents. The page is listEvents' page, to the byte of its JSON's
 * meaning (routes/events/upcomingPage.test.ts).
 */
/** A little more than the largest page (EVENTS_PAGE_MAX): reading it again blocks the node. */
const EVENTS_KEPT = EVENTS_PAGE_MAX + 10;
/** A private group's next events: a group adds few to any page. */
export const GROUP_KEPT = 25;

interface KeptEvent {
  id: string;
  hostId: string | null;
  groupId: string | null;
  category: EventRow['category'];
  lat: number | null;
  lng: number | null;
  /** The occurrence shown (its start instant) and when it ends. */
  shown: string;
  endsAt: string;
  /** openEventJson of the event as presentEvents writes it, without its viewer's part. */
  json: string;
}

interface Kept {
  events: KeptEvent[];
  /** Whether these are all such events (no more follow the last). */
  whole: boolean;
}

type Near = NonNullable<EventFilters['near']>;

/** Every member's lists: all events, each category's, and by point ('Near me'). */
const keptLists = sharedValue<Kept>(SHARED.upcomingLists);
/** Private and secret groups' lists, by group. */
const keptGroupLists = sharedValue<Kept>(SHARED.groupEventLists);
// Both kinds of list are read from the same tables and share one number (cache/declared.ts).

async function keep(db: Kysely<DB>, rows: Array<EventRow & { shown: string }>, count: number): Promise<Kept> {
  const page = rows.slice(0, count);
  const presented = await presentEvents(db, null, page.map(shownOf));
  return {
    whole: rows.length <= count,
    events: presented.map((event, i) => {
      const { viewer: _, ...rest } = event;
      return {
        id: event.id,
        hostId: page[i]!.host_id,
        groupId: page[i]!.group_id,
        category: event.category,
        lat: event.lat,
        lng: event.lng,
        shown: event.starts_at,
        endsAt: event.ends_at,
        json: openEventJson(rest),
      };
    }),
  };
}

function everyMembersList(
  db: Kysely<DB>,
  version: number,
  category: EventCategory | undefined,
  near: Near | undefined,
) {
  const key = `${category ?? ''}|${near ? `${near.lat},${near.lng},${near.km}` : ''}`;
  return keptLists(db).get(key, version, async () => {
    // One more than kept, to know whether the list is whole.
    const filters = { tab: 'upcoming' as const, category, near, limit: EVENTS_KEPT };
    return keep(db, await eventRows(db, null, eventSeenByAnyMember, filters), EVENTS_KEPT);
  });
}

function groupList(db: Kysely<DB>, version: number, groupId: string) {
  return keptGroupLists(db).get(groupId, version, async () => {
    const query = eventOccurrences(db)
      .where('events.group_id', '=', groupId)
      .where(visibleMember('events.host_id'));
    const rows = await nextOccurrences(query, null, new Date().toISOString())
      .orderBy('o.starts_at')
      .orderBy('events.id')
      .limit(GROUP_KEPT + 1)
      .execute();
    return keep(db, rows, GROUP_KEPT);
  });
}

/**
 * The numbers of the kept lists' tables and of the viewer's hidden-member lists, groups and answers,
 * in one statement: each is kept on this node and read again only when its number moved (cache/).
 */
const versionsQuery = perDatabase((db) =>
  preparedQuery(db, { viewerId: '\u0000viewer' }, (v) => ({
    compile: () =>
      sql<{ lists: number; hidden: number; groups: number; answers: number }>`select
        ${sharedNumber(SHARED.upcomingLists.number)} as lists, ${hiddenVersionOf(v.viewerId)} as hidden, ${groupsVersionOf(v.viewerId)} as groups,
        ${answersVersionOf(v.viewerId)} as answers`.compile(db),
  })),
);

async function viewerVersions(db: Kysely<DB>, viewerId: string) {
  const [row] = await versionsQuery(db)({ viewerId });
  return {
    lists: Number(row?.lists ?? 0),
    hidden: row?.hidden ?? 0,
    groups: row?.groups ?? 0,
    answers: row?.answers ?? 0,
  };
}

/** Events in the order of the list: sooner first, then the smaller id. */
type Ordered = { shown: string; id: string };
const before = (a: Ordered, b: Ordered) => (a.shown !== b.shown ? a.shown < b.shown : a.id < b.id);

/**
 * Upcoming's or 'Near me''s first page for this viewer, as the JSON listEvents' page would be written
 * as, or null when the kept lists cannot make it.
 */
export async function upcomingFirstPage(
  db: Kysely<DB>,
  viewerId: string,
  filters: { category?: EventCategory | undefined; near?: Near | undefined },
  limit: number,
): Promise<string | null> {
  const { category, near } = filters;
  const versions = await viewerVersions(db, viewerId);
  const everyMembers = await everyMembersList(db, versions.lists, category, near);
  const { member: groups, bannedFrom } = await viewerGroups(db, viewerId, versions.groups);
  // Kept lists come back as they are: only those being read are waited for (a viewer in 20 groups
  // awaited 14 promises per page).
  const keptOrRead = groups.flatMap((group) =>
    group.unlisted ? [groupList(db, versions.lists, group.groupId)] : [],
  );
  const theirLists = keptOrRead.some((list) => list instanceof Promise)
    ? await Promise.all(keptOrRead)
    : (keptOrRead as Kept[]);
  const { blocked } = await hiddenMembers(db, viewerId, versions.hidden);
  const box = near ? boxAround(near) : null;
  const inBox = (event: KeptEvent) =>
    box === null ||
    (event.lat !== null &&
      event.lng !== null &&
      event.lat >= box.minLat &&
      event.lat <= box.maxLat &&
      event.lng >= box.minLng &&
      event.lng <= box.maxLng);
  const lists = [everyMembers, ...theirLists].map((list) => ({ items: list.events, whole: list.whole }));
  const viewer = { blocked, bannedFrom };
  const shows = (event: KeptEvent, list: number) =>
    keptEventShownTo(event, viewer) &&
    // A group's list holds all its events: the page's category and box apply here.
    (list === 0 || ((!category || event.category === category) && inBox(event)));
  const cut = firstPage(lists, before, shows, limit);
  if (cut === null) return null;
  const { page } = cut;
  const now = new Date().toISOString();
  // An occurrence ended since it was kept: the event's next one is the database's to find.
  if (page.some((event) => event.endsAt <= now) || (cut.next && cut.next.endsAt <= now)) return null;
  const last = page.at(-1);
  const cursor = cut.next && last ? encodeCursor({ created_at: last.shown, id: last.id }) : null;
  const shown = withinNear(page, near);
  const viewerOf = viewerParts(viewerId, groups, await viewerAnswers(db, viewerId, versions.answers));
  const events = shown.map((event) => writeEvent(event.json, viewerOf(event)));
  return `{"events":[${events.join(',')}],"next_cursor":${JSON.stringify(cursor)}}`;
}

/** The viewer's part of kept events (presenters/event.ts eventViewerPart), `groups` theirs. */
function viewerParts(
  viewerId: string,
  groups: readonly ViewerGroup[],
  answers: ReadonlyMap<string, ViewerAnswer>,
) {
  const runs = new Set(groups.flatMap((group) => (group.runs ? [group.groupId] : [])));
  return (event: KeptEvent) =>
    eventViewerPart(
      { host_id: event.hostId, group_id: event.groupId },
      viewerId,
      answers.get(answerKey(event.id, event.shown)),
      runs,
    );
}

/**
 * Home's next three (queries/soonEvents.ts) with the member's groups' events cut from the kept group
 * lists: only the events they host or answered are read (soonRows without groups: their own few rows),
 * not every event of their groups. The page as soonEvents would write it, or null when a group's list cannot tell
 * (the three reach past its last kept event) or a kept occurrence has ended since.
 */
export async function soonFromKept(db: Kysely<DB>, viewerId: string): Promise<string | null> {
  const [versions, rows] = await Promise.all([
    viewerVersions(db, viewerId),
    soonRows(db, viewerId, { groups: false }),
  ]);
  const { member: groups } = await viewerGroups(db, viewerId, versions.groups);
  const [{ blocked }, ...lists] = await Promise.all([
    hiddenMembers(db, viewerId, versions.hidden),
    ...groups.map((group) => groupList(db, versions.lists, group.groupId)),
  ]);
  type Pick = Ordered & { kept: KeptEvent | null; row: (typeof rows)[number] | null };
  // Each event once, at its soonest: a group's list shows its next occurrence, the rows theirs.
  const theirs: Pick[] = rows
    .map((row): Pick => ({ id: row.id, shown: shownOf(row).occurrence, kept: null, row }))
    .sort((a, b) => (before(a, b) ? -1 : 1));
  const kept = lists.map((list) => ({
    items: list.events.map((event): Pick => ({ id: event.id, shown: event.shown, kept: event, row: null })),
    whole: list.whole,
  }));
  const shows = (pick: Pick) => pick.kept?.hostId == null || !blocked.has(pick.kept.hostId);
  const cut = firstPage([{ items: theirs, whole: true }, ...kept], before, shows, SOON_EVENTS, {
    withNext: false,
  });
  if (cut === null) return null;
  const picks = cut.page;
  const now = new Date().toISOString();
  if (picks.some((pick) => pick.kept !== null && pick.kept.endsAt <= now)) return null;
  const read = picks.flatMap((pick) => (pick.row ? [shownOf(pick.row)] : []));
  const [presented, answers] = await Promise.all([
    presentEvents(db, viewerId, read),
    viewerAnswers(db, viewerId, versions.answers),
  ]);
  const viewerOf = viewerParts(viewerId, groups, answers);
  const written = new Map(presented.map((event) => [event.id, JSON.stringify(event)]));
  const events = picks.map((pick) =>
    pick.kept ? writeEvent(pick.kept.json, viewerOf(pick.kept)) : written.get(pick.id)!,
  );
  return `{"events":[${events.join(',')}],"next_cursor":null}`;
}
