import type { DB, EventsTable } from '@server/db/types.ts';
import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql, type Transaction } from 'kysely';
import { notHiddenFrom, notSuspended, type Someone, visibleMember } from './blocks.ts';
import { isGroupAdmin, isMemberOf, membershipOf, openGroupTo, whereOf } from './group.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type EventRow = Selectable<EventsTable>;

/**
 * Events (DESIGN section 7): the one policy of who sees an event and who runs it.
 * - An event outside a group is seen by every signed-in member; a group's event follows the group's
 *   privacy (a public group's by every member it has not banned, a private or secret group's by its
 *   members only), in lists, on its page, in its preview tags, calendar feeds, notifications and
 *   exports alike.
 * - Blocks apply: a member blocked either way does not see the other's events (nor their RSVPs).
 * - Visitors (link previews) see events outside groups and in public groups, never a private one.
 * - The host and the group's admins edit, cancel and message attendees.
 * Every query over `events` filters with `eventSeenBy`; whatever tells members of an event (its
 * changes, messages, reminders, a waitlist's spot, by bell, push or email) keeps only those
 * `membersWhoMaySeeEvent` lets through, so a member who lost access hears nothing more of it.
 */
export function eventSeenBy(viewerId: Someone | null): RawBuilder<SqlBool> {
  const publicGroup = openGroupTo(viewerId, 'events.group_id');
  if (viewerId === null) {
    return sql<SqlBool>`((events.group_id is null or ${publicGroup}) and ${notSuspended('events.host_id')})`;
  }
  const member = isMemberOf(viewerId, 'events.group_id');
  return sql<SqlBool>`((events.group_id is null or ${publicGroup} or ${member})
    and ${notHiddenFrom(viewerId, 'events.host_id')})`;
}

/**
 * What every signed-in member may see, before any one member's groups, bans and blocks: events outside
 * groups and in public groups, of visible hosts (the lists a node keeps for everyone, queries/
 * upcomingPage.ts). Each viewer's page then leaves out the hosts hidden from them and the groups that
 * banned them (`keptEventShownTo`), and adds their own private groups' events.
 */
export const eventSeenByAnyMember = sql<SqlBool>`((events.group_id is null or exists (select 1 from groups eg
  where eg.id = events.group_id and eg.privacy = 'public')) and ${visibleMember('events.host_id')})`;

/** The viewer's part of that rule for one kept event: its host not hidden from them, its group not banning them. */
export function keptEventShownTo(
  event: { hostId: string | null; groupId: string | null },
  viewer: { blocked: ReadonlySet<string>; bannedFrom: ReadonlySet<string> },
): boolean {
  return (
    (event.hostId === null || !viewer.blocked.has(event.hostId)) &&
    (event.groupId === null || !viewer.bannedFrom.has(event.groupId))
  );
}

/**
 * Of these members, those who may see the event now (eventSeenBy for each): the only ones anything
 * about it may reach. Order is kept.
 */
export async function membersWhoMaySeeEvent(
  db: Db,
  eventId: string,
  memberIds: readonly string[],
): Promise<string[]> {
  const allowed = new Set<string>();
  const unique = [...new Set(memberIds)];
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await db
      .selectFrom('profiles')
      .innerJoin('events', (join) => join.on('events.id', '=', eventId))
      .select('profiles.id')
      .where('profiles.id', 'in', unique.slice(start, start + 500))
      .where(visibleMember('profiles.id'))
      .where(eventSeenBy(sql.ref('profiles.id')))
      .execute();
    for (const row of rows) allowed.add(row.id);
  }
  return memberIds.filter((id) => allowed.has(id));
}

/** The host, or an admin of the event's group. */
export async function mayManageEvent(
  db: Db,
  viewerId: string,
  event: Pick<EventRow, 'host_id' | 'group_id'>,
): Promise<boolean> {
  if (event.host_id === viewerId) return true;
  if (event.group_id === null) return false;
  return isGroupAdmin(whereOf(await membershipOf(db, event.group_id, viewerId)));
}
