import type { DB, EventsTable } from '@server/db/types.ts';
import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql, type Transaction } from 'kysely';
import { notHiddenFrom, notSuspended } from './blocks.ts';
import { isGroupAdmin, isMemberOf, membershipOf, whereOf } from './group.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type EventRow = Selectable<EventsTable>;

/**
 * Events (DESIGN section 7): the one policy of who sees an event and who runs it.
 * - An event outside a group is seen by every signed-in member; a group's event follows the group's
 *   privacy (a public group's by every member, a private or secret group's by its members only), in
 *   lists, on its page, in its preview tags, calendar feeds, notifications and exports alike.
 * - Blocks apply: a member blocked either way does not see the other's events (nor their RSVPs).
 * - Visitors (link previews) see events outside groups and in public groups, never a private one.
 * - The host and the group's admins edit, cancel and message attendees.
 * Every query over `events` filters with `eventSeenBy`.
 */
export function eventSeenBy(viewerId: string | null): RawBuilder<SqlBool> {
  const publicGroup = sql<SqlBool>`exists (select 1 from groups eg where eg.id = events.group_id and eg.privacy = 'public')`;
  if (viewerId === null) {
    return sql<SqlBool>`((events.group_id is null or ${publicGroup}) and ${notSuspended('events.host_id')})`;
  }
  const member = isMemberOf(viewerId, 'events.group_id');
  return sql<SqlBool>`((events.group_id is null or ${publicGroup} or ${member})
    and ${notHiddenFrom(viewerId, 'events.host_id')})`;
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
