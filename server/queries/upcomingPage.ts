import type { CommunityEvent, EventCategory } from '@common/schemas/events.ts';
import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import { visibleMember } from '@server/policies/blocks.ts';
import { eventSeenBy } from '@server/policies/event.ts';
import { groupsRunBy, presentEvents } from '@server/presenters/event.ts';
import { encodeCursor } from '@server/queries/cursor.ts';
import { eventOccurrences, nextOccurrences, shownOf } from '@server/queries/events.ts';
import { hiddenMembers, hiddenVersionOf } from '@server/queries/hiddenMembers.ts';
import { keptStore } from '@server/queries/kept.ts';
import { mergeFirst } from '@server/queries/merge.ts';
import { type Kysely, type SqlBool, sql } from 'kysely';

/**
 * The first page of Upcoming (no date, place or cursor; one category or all), cut per viewer from the
 * upcoming events this node keeps, as queries/newestPage.ts does for the feeds. What is kept: the next
 * UPCOMING_KEPT events anyone signed in may see (outside groups or in public groups, hosts neither
 * suspended nor unconfirmed), each already written as JSON but for its `viewer` part. Per viewer: the
 * hosts blocked either way left out (their kept lists, queries/hiddenMembers.ts), the events of their
 * private and secret groups merged in (read per request, no later than the page's last kept event),
 * and their answers and whether they run the group filled in. What is kept follows the feeds' rules: it
 * is dropped when this node commits a command and never used after KEPT_MS. Anything else, and a
 * viewer who hides so many hosts that the kept events cannot fill the page, reads listEvents.
 */
export const UPCOMING_KEPT = 100;

interface KeptEvent {
  id: string;
  hostId: string | null;
  groupId: string | null;
  /** The occurrence shown (its start instant) and when it ends. */
  shown: string;
  endsAt: string;
  /** The event as presentEvents writes it, up to (not with) its closing brace, without `viewer`. */
  json: string;
}

interface Kept {
  events: KeptEvent[];
  /** Whether these are all the upcoming events (fewer than UPCOMING_KEPT exist). */
  whole: boolean;
}

/** All events, and each category's: five keys. */
const kept = keptStore<Kept>(5);

/** Seen by every signed-in member, whoever they are: the policy's rule for visitors, with blocks apart. */
const seenByAnyMember = sql<SqlBool>`((events.group_id is null or exists (select 1 from groups eg
  where eg.id = events.group_id and eg.privacy = 'public')) and ${visibleMember('events.host_id')})`;

function keptEvents(db: Kysely<DB>, category: EventCategory | undefined): Kept | Promise<Kept> {
  return kept(db)(category ?? '', () => readKept(db, category));
}

async function readKept(db: Kysely<DB>, category: EventCategory | undefined): Promise<Kept> {
  let query = eventOccurrences(db).where(seenByAnyMember);
  if (category) query = query.where('events.category', '=', category);
  const rows = await nextOccurrences(query, null, new Date().toISOString())
    .orderBy('o.starts_at')
    .orderBy('events.id')
    .limit(UPCOMING_KEPT)
    .execute();
  const presented = await presentEvents(db, null, rows.map(shownOf));
  return {
    whole: rows.length < UPCOMING_KEPT,
    events: presented.map((event, i) => {
      const { viewer: _, ...rest } = event;
      return {
        id: event.id,
        hostId: rows[i]!.host_id,
        groupId: rows[i]!.group_id,
        shown: event.starts_at,
        endsAt: event.ends_at,
        json: JSON.stringify(rest).slice(0, -1),
      };
    }),
  };
}

/** The viewer's hidden-member lists' number, and whether they belong to a group that is not public. */
const viewerQuery = perDatabase(
  (db) =>
    preparedQuery(db, { viewerId: '\u0000viewer' }, (v) => ({
      compile: () =>
        sql<{ version: number; private_groups: number }>`select ${hiddenVersionOf(v.viewerId)} as version,
          case when exists (select 1 from group_members vm join groups vg on vg.id = vm.group_id
            where vm.user_id = ${v.viewerId} and vm.standing = 'member' and vg.privacy != 'public')
          then 1 else 0 end as private_groups`.compile(db),
    })) as (values: { viewerId: string }) => Promise<Array<{ version: number; private_groups: number }>>,
);

/** Events in the order of the list: sooner first, then the smaller id. */
const before = (a: { shown: string; id: string }, b: { shown: string; id: string }) =>
  a.shown !== b.shown ? a.shown < b.shown : a.id < b.id;

/**
 * Upcoming's first page for this viewer, as the JSON listEvents' page would be written as, or null when
 * the kept events cannot make it.
 */
export async function upcomingFirstPage(
  db: Kysely<DB>,
  viewerId: string,
  category: EventCategory | undefined,
  limit: number,
): Promise<string | null> {
  const [kept, [viewer]] = await Promise.all([keptEvents(db, category), viewerQuery(db)({ viewerId })]);
  const blocked = (await hiddenMembers(db, viewerId, viewer?.version ?? 0)).blocked;
  const now = new Date().toISOString();
  const candidates: KeptEvent[] = [];
  for (const event of kept.events) {
    if (event.hostId !== null && blocked.has(event.hostId)) continue;
    // Its shown occurrence ended since it was kept: the next one is the database's to find.
    if (event.endsAt <= now) return null;
    candidates.push(event);
    if (candidates.length > limit) break;
  }
  if (candidates.length <= limit && !kept.whole) return null;
  // Events of the viewer's own private and secret groups, no later than the page's last kept event.
  let theirs: CommunityEvent[] = [];
  if (Number(viewer?.private_groups)) {
    const until = candidates.length > limit ? candidates.at(-1)!.shown : null;
    let query = eventOccurrences(db)
      .where(eventSeenBy(viewerId))
      // The walk in start order up to `until` finds them sooner than each group's events would:
      // `|| ''` keeps SQLite's planner off events_group_idx.
      .where((eb) =>
        eb(
          sql<string>`events.group_id || ''`,
          'in',
          eb
            .selectFrom('group_members as vm')
            .innerJoin('groups as vg', 'vg.id', 'vm.group_id')
            .select('vm.group_id')
            .where('vm.user_id', '=', viewerId)
            .where('vm.standing', '=', 'member')
            .where('vg.privacy', '!=', 'public'),
        ),
      );
    if (category) query = query.where('events.category', '=', category);
    if (until) query = query.where('o.starts_at', '<=', until);
    const rows = await nextOccurrences(query, null, now)
      .orderBy('o.starts_at')
      .orderBy('events.id')
      .limit(limit + 1)
      .execute();
    theirs = await presentEvents(db, viewerId, rows.map(shownOf));
  }
  // Both lists are the soonest of their kind, so the page is the soonest of the two merged.
  const merged = mergeFirst<KeptEvent, CommunityEvent>(
    candidates,
    theirs,
    (kept, their) => before(kept, { shown: their.starts_at, id: their.id }),
    limit + 1,
  );
  const more = merged.length > limit;
  if (more) merged.pop();
  const last = merged.at(-1);
  const lastShown = last ? ('json' in last ? last.shown : last.starts_at) : null;
  const cursor = more && last && lastShown ? encodeCursor({ created_at: lastShown, id: last.id }) : null;
  const page = merged.filter((event): event is KeptEvent => 'json' in event);
  const viewerOf = await viewerParts(db, viewerId, page);
  const events = merged.map((event) =>
    'json' in event ? `${event.json},"viewer":${viewerOf(event)}}` : JSON.stringify(event),
  );
  return `{"events":[${events.join(',')}],"next_cursor":${JSON.stringify(cursor)}}`;
}

/** The viewer's part of kept events: their answer and guests, and whether they run the event. */
async function viewerParts(db: Kysely<DB>, viewerId: string, page: KeptEvent[]) {
  const ids = page.map((event) => event.id);
  const groupIds = [...new Set(page.flatMap((event) => (event.groupId ? [event.groupId] : [])))];
  const [answers, runs] = await Promise.all([
    ids.length
      ? db
          .selectFrom('event_rsvps')
          .select(['event_id', 'occurrence', 'answer', 'guests'])
          .where('user_id', '=', viewerId)
          .where('event_id', 'in', ids)
          .execute()
      : [],
    groupsRunBy(db, viewerId, groupIds),
  ]);
  const answerOf = new Map(
    answers.map((row) => [`${row.event_id}|${new Date(row.occurrence).toISOString()}`, row]),
  );
  return (event: KeptEvent) => {
    const answer = answerOf.get(`${event.id}|${event.shown}`);
    const viewer: CommunityEvent['viewer'] = {
      answer: (answer?.answer ?? null) as CommunityEvent['viewer']['answer'],
      guests: answer?.guests ?? 0,
      waitlist_position: null,
      may_manage: event.hostId === viewerId || (event.groupId !== null && runs.has(event.groupId)),
    };
    return JSON.stringify(viewer);
  };
}
