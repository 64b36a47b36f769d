import type { PlainErrorCode } from '@common/errors.ts';
import type { DB } from '@server/db/types.ts';
import { notFound } from '@server/http/errors.ts';
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';

/**
 * Block and Mute: the one place that decides who is hidden from whom.
 * - A block works both ways: neither member sees the other's profile or posts, and neither can follow,
 *   message, write on the wall of, comment on or like anything of the other: to each, the other and
 *   everything of theirs is missing (404), as it is on the profile page.
 * - A mute only takes the muted member's posts out of the muter's feeds; nobody is told.
 * - A hidden member is hidden from everyone, the same way: one an admin suspended (profiles.suspended_at)
 *   until an admin restores them (their rows stay, so restoring brings everything back), and one who has
 *   not confirmed their email yet (user.emailVerified; jobs/deleteUnconfirmedAccounts.ts deletes them
 *   after a week). Their profile, posts, comments, conversations, name in others' bells and places in
 *   circles are left out, and nobody can follow, message, like or comment on anything of theirs.
 */

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Who a filter is for: a member's id (or a prepared-query placeholder), or a column of the query that
 * holds one (`sql.ref('event_rsvps.user_id')`), when the question is which of many members may see a thing.
 */
export type Someone = string | RawBuilder<unknown>;

/** True when either member blocked the other. */
export async function blockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

/** True when `blocker` blocked `blocked` (one direction). */
export async function hasBlocked(db: Db, blocker: string, blocked: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blocker)
    .where('blocked_id', '=', blocked)
    .executeTakeFirst();
  return Boolean(row);
}

/** True when `muter` muted `muted`. */
export async function hasMuted(db: Db, muter: string, muted: string): Promise<boolean> {
  const row = await db
    .selectFrom('mutes')
    .select('muter_id')
    .where('muter_id', '=', muter)
    .where('muted_id', '=', muted)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Refuses (404 with `notFoundCode`, the code of a missing member or thing) whatever the viewer asks
 * of a member, or of a thing of theirs, when either blocked the other or the member is hidden
 * (suspended, unconfirmed), or missing: what the viewer may not see does not exist for them, so a
 * hidden member, a blocked one and a missing one get the same answer.
 */
export async function refuseIfHidden(
  db: Db,
  viewerId: string,
  memberId: string,
  notFoundCode: PlainErrorCode,
): Promise<void> {
  if (!(await canSeeMember(db, viewerId, memberId))) throw notFound(notFoundCode);
}

/** The members hidden from this one (blocks either way): what concerns them is not sent to these. */
export async function membersHiddenFrom(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', memberId)
    .union(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', memberId))
    .execute();
  return rows.map((row) => row.id);
}

/** True while the member is hidden from everyone (suspended, or unconfirmed), or does not exist. */
export async function isHiddenMember(db: Db, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .select('id')
    .where('id', '=', memberId)
    .where(visibleMember('profiles.id'))
    .executeTakeFirst();
  return !row;
}

/** Whether the viewer may see this member's profile and posts at all (oneself always). */
export async function canSeeMember(db: Db, viewerId: string, memberId: string): Promise<boolean> {
  if (viewerId === memberId) return true;
  return !(await blockedBetween(db, viewerId, memberId)) && !(await isHiddenMember(db, memberId));
}

/**
 * A filter for any query with a member column (`posts.user_id`, `comments.user_id`, `profiles.id`):
 * rows of members blocked by the viewer or who blocked the viewer, and of hidden members, are left
 * out; with `muted`, also rows of members the viewer muted (feeds only). `viewerId` may be a
 * prepared-query placeholder.
 */
export function notHiddenFrom(
  viewerId: Someone,
  memberColumn: string,
  options: { muted?: boolean } = {},
): RawBuilder<SqlBool> {
  const member = sql.ref(memberColumn);
  // Two NOT EXISTS, one per direction, so each uses its own index (the key, and blocks_blocked_idx).
  const notBlocked = sql<SqlBool>`(not exists (select 1 from blocks where blocks.blocker_id = ${viewerId} and blocks.blocked_id = ${member})
    and not exists (select 1 from blocks where blocks.blocked_id = ${viewerId} and blocks.blocker_id = ${member})
    and ${visibleMember(memberColumn)})`;
  if (!options.muted) return notBlocked;
  return sql<SqlBool>`(${notBlocked}
    and not exists (select 1 from mutes where mutes.muter_id = ${viewerId} and mutes.muted_id = ${member}))`;
}

/**
 * The members the viewer's own lists hide from their feeds, as a select of one column (`id`): blocked
 * either way and, with `muted`, muted; with `marked`, a second column `kind` says which list each came
 * from (0 blocked by the viewer, 1 muted, 2 blocked the viewer). `viewerId` may be a prepared-query
 * placeholder.
 */
export function membersHiddenInFeed(
  viewerId: string,
  options: { muted: boolean; marked?: boolean },
): RawBuilder<{ id: string }> {
  const mark = (value: 0 | 1 | 2) => (options.marked ? sql`, ${sql.lit(value)} as kind` : sql``);
  const muted = options.muted
    ? sql`union all select muted_id${mark(1)} from mutes where mutes.muter_id = ${viewerId}`
    : sql``;
  return sql<{
    id: string;
  }>`select blocked_id as id${mark(0)} from blocks where blocks.blocker_id = ${viewerId}
    union all select blocker_id${mark(2)} from blocks where blocks.blocked_id = ${viewerId}
    ${muted}`;
}

/**
 * The feeds' filter: the same members left out as `notHiddenFrom` with `muted`. The viewer's own
 * list (`membersHiddenInFeed`) is read once per page as one set, where `notHiddenFrom` asks three
 * questions of every row. Whether the author is suspended or unconfirmed stays a lookup per row by
 * primary key: a site may hold thousands of those, and a set that size, built for every page, cost
 * more than the page. `viewerId` may be a prepared-query placeholder.
 */
export function notHiddenInFeed(
  viewerId: string,
  memberColumn: string,
  options: { muted: boolean },
): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(memberColumn)} not in (${membersHiddenInFeed(viewerId, options)})
    and ${visibleMember(memberColumn)})`;
}

/**
 * The viewer's other list: posts they hid one by one ('Hide this request', for an anonymous request
 * whose author they cannot mute). Out of their feeds and group pages; still there by link.
 */
export function notHiddenPost(viewerId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from hidden_posts hp where hp.user_id = ${viewerId} and hp.post_id = posts.id)`;
}

/**
 * The filter without a viewer (lists everyone shares, like a circle's members and chat): rows of hidden
 * members (suspended, or unconfirmed) are left out.
 */
export function visibleMember(memberColumn: string): RawBuilder<SqlBool> {
  const member = sql.ref(memberColumn);
  return sql<SqlBool>`(${notSuspended(memberColumn)}
    and not exists (select 1 from ${sql.table('user')} unconfirmed where unconfirmed.id = ${member} and ${sql.ref('unconfirmed.emailVerified')} = ${sql.lit(false)}))`;
}

/** The filter for whoever is not signed in (link-preview crawlers): suspended members' rows are left out. */
export function notSuspended(memberColumn: string): RawBuilder<SqlBool> {
  const member = sql.ref(memberColumn);
  return sql<SqlBool>`not exists (select 1 from profiles suspended where suspended.id = ${member} and suspended.suspended_at is not null)`;
}
