import type { GroupRole, GroupStanding } from '@common/schemas/groups.ts';
import type { DB, GroupMembersTable, GroupsTable } from '@server/db/types.ts';
import {
  type Kysely,
  type QueryCreator,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type { Someone } from './blocks.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type GroupRow = Selectable<GroupsTable>;
export type MembershipRow = Selectable<GroupMembersTable>;

/**
 * Groups (DESIGN section 7): the one policy of who may find a group, see what is in it and act in it.
 * - public: anyone signed in finds it and sees its posts (not its prayer requests) and joins at once;
 * - private: anyone finds it (name, about, member count); only members see its posts, members and
 *   prayer requests; joining needs an admin's approval;
 * - secret: only members (and those invited) find it at all; joining needs an invitation.
 * A banned member cannot ask or be invited. Blocks between two members still apply inside a group
 * (the queries keep their notHiddenFrom filters). Every query that reads posts filters with
 * `groupPostSeenBy` (or `groupPostInFeedOf` for the feeds), so a group's posts follow its privacy over
 * every route.
 */
export interface Where {
  standing: GroupStanding;
  role: GroupRole | null;
}

export function whereOf(membership: MembershipRow | undefined): Where {
  if (!membership) return { standing: 'none', role: null };
  return {
    standing: membership.standing,
    role: membership.standing === 'member' ? membership.role : null,
  };
}

export async function membershipOf(db: Db, groupId: string, userId: string) {
  return db
    .selectFrom('group_members')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether the group exists for this viewer: a secret group only for its members and those invited. */
export function mayFind(group: Pick<GroupRow, 'privacy'>, where: Where): boolean {
  if (group.privacy !== 'secret') return true;
  return where.standing === 'member' || where.standing === 'invited';
}

/** Its posts (and, with `prayer`, its prayer requests, which only members see), members and chat. */
export function maySeeInside(group: Pick<GroupRow, 'privacy'>, where: Where, prayer = false): boolean {
  if (where.standing === 'member') return true;
  return group.privacy === 'public' && !prayer && where.standing !== 'banned';
}

export function isMember(where: Where): boolean {
  return where.standing === 'member';
}

/** Admins (and the owner) approve, invite, pin, remove posts and members, ban, and edit the group. */
export function isGroupAdmin(where: Where): boolean {
  return where.standing === 'member' && (where.role === 'owner' || where.role === 'admin');
}

export function isGroupOwner(where: Where): boolean {
  return where.standing === 'member' && where.role === 'owner';
}

/** A filter: the viewer is a member (not requesting, invited or banned) of the group in `groupColumn`. */
export const isMemberOf = (viewerId: Someone, groupColumn: string) =>
  sql<SqlBool>`exists (select 1 from group_members gm where gm.group_id = ${sql.ref(groupColumn)}
    and gm.user_id = ${viewerId} and gm.standing = 'member')`;

/** Which of a group's members a list asks for: the rule of who is a member stays here. */
export interface MembersWho {
  /** Only those whose setting is 'All posts' (group_members.notify 'all'). */
  notify?: true;
  /** Only those who run the group (owner or admin). */
  runIt?: true;
  /** Leaves out one member (the author, the host, the member who leaves). */
  except?: string;
}

/** group_members rows of members (not asking, invited or banned) of the kind `who` asks for. */
function memberships(q: QueryCreator<DB>, who: Omit<MembersWho, 'except'>) {
  let query = q.selectFrom('group_members').where('group_members.standing', '=', 'member');
  if (who.notify) query = query.where('group_members.notify', '=', 'all');
  if (who.runIt) query = query.where('group_members.role', 'in', ['owner', 'admin']);
  return query;
}

/**
 * The members of a group (not asking, invited or banned), as a query of `user_id`: every recipient
 * of what the group sends (bell, push, email, realtime, circle listings) is picked from it, so
 * losing membership ends them all at once. Usable as a subquery (`'user_id', 'in', ...`).
 */
export function groupMembersWho(q: QueryCreator<DB>, groupId: string, who: MembersWho = {}) {
  const query = memberships(q, who)
    .select('group_members.user_id')
    .where('group_members.group_id', '=', groupId);
  return who.except ? query.where('group_members.user_id', '!=', who.except) : query;
}

/** The groups a member belongs to, as a query of `group_id` (the same rule from the member's side). */
export function groupsOfMember(q: QueryCreator<DB>, userId: string, who: Omit<MembersWho, 'except'> = {}) {
  return memberships(q, who).select('group_members.group_id').where('group_members.user_id', '=', userId);
}

/** A filter on a group_members row (`table` its alias), for a join: the row is a member's. */
export const isMemberRow = (table: string) => sql<SqlBool>`${sql.ref(`${table}.standing`)} = 'member'`;

/** A filter: the member is in at least one group (their feeds then hold posts no kept page has). */
export const isMemberOfAnyGroup = (viewerId: Someone) =>
  sql<SqlBool>`exists (select 1 from group_members ag where ag.user_id = ${viewerId} and ag.standing = 'member')`;

/** How many members the group counts (its member_count, recounted after a change). */
export const memberCountOf = (groupId: string) =>
  sql<number>`(select count(*) from group_members cg where cg.group_id = ${groupId} and cg.standing = 'member')`;

/**
 * A filter: the group in `groupColumn` is public and has not banned the viewer. A banned member is an
 * outsider of a public group too: its posts, their comments and its events are not theirs to see.
 * `viewerId` null is a visitor (a link preview), whom no group has banned.
 */
export function openGroupTo(viewerId: Someone | null, groupColumn: string): RawBuilder<SqlBool> {
  const group = sql.ref(groupColumn);
  const notBanned =
    viewerId === null
      ? sql``
      : sql`and not exists (select 1 from group_members gb where gb.group_id = ${group}
    and gb.user_id = ${viewerId} and gb.standing = 'banned')`;
  return sql<SqlBool>`exists (select 1 from groups pg where pg.id = ${group} and pg.privacy = 'public' ${notBanned})`;
}

/**
 * The feeds' filter (home, prayer, food, comedy): posts outside groups, and the posts of the viewer's
 * own groups. A public group's posts reach its members' feeds only; its page shows them to anyone.
 */
export function groupPostInFeedOf(viewerId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(posts.group_id is null or ${isMemberOf(viewerId, 'posts.group_id')})`;
}

/**
 * Whether the viewer may see a post wherever it shows (its page, a profile, comments, likes): outside a
 * group, in one of their groups, or in a public group that has not banned them and not a prayer request. `viewerId` null is a
 * visitor (a link preview).
 */
export function groupPostSeenBy(viewerId: string | null): RawBuilder<SqlBool> {
  const publicGroup = sql<SqlBool>`(posts.category <> 'prayer' and ${openGroupTo(viewerId, 'posts.group_id')})`;
  if (viewerId === null) return sql<SqlBool>`(posts.group_id is null or ${publicGroup})`;
  return sql<SqlBool>`(posts.group_id is null or ${isMemberOf(viewerId, 'posts.group_id')} or ${publicGroup})`;
}

/** The same rule for one post already read (commands acting on it). */
export async function maySeeGroupPost(
  db: Db,
  viewerId: string,
  post: { group_id: string | null; category: string },
): Promise<boolean> {
  if (post.group_id === null) return true;
  const group = await db
    .selectFrom('groups')
    .select('privacy')
    .where('id', '=', post.group_id)
    .executeTakeFirst();
  if (!group) return false;
  const where = whereOf(await membershipOf(db, post.group_id, viewerId));
  return maySeeInside(group, where, post.category === 'prayer');
}
