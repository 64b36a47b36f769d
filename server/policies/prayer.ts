import type { DB } from '@server/db/types.ts';
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { notHiddenFrom, notHiddenInFeed, visibleMember } from './blocks.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Who sees a prayer request (issue 27, DESIGN section 7), on top of blocks (blocks.ts) and its group's
 * privacy (group.ts): 'everyone' (every member; a visitor's link preview too), 'friends' (the author's
 * accepted friends), 'group' (its group's members: the group rule says so, prayer requests in a group
 * are never shown outside it) and 'only_me' (the author's journal). Every other post is 'everyone'.
 * An anonymous request is shown as from 'A member' to everyone but its author (presenters/post.ts),
 * and it never stands on the author's profile for anyone else, so no list of theirs gives them away.
 * An unanswered request whose expiry passed leaves the feeds and prayer lists; its author still sees
 * it in their journal and on their profile, marked 'Expired'.
 */
export type Visibility = 'everyone' | 'friends' | 'group' | 'only_me';

const friendOf = (viewerId: string, authorColumn: string) =>
  sql<SqlBool>`exists (select 1 from friendships pf where pf.user_id = ${viewerId}
    and pf.friend_id = ${sql.ref(authorColumn)} and pf.status = 'accepted')`;

/** The audience rule in SQL, on `posts` (viewerId null: a visitor, who sees 'everyone' posts only). */
export function audienceSeenBy(viewerId: string | null): RawBuilder<SqlBool> {
  if (viewerId === null) return sql<SqlBool>`(posts.visibility = 'everyone')`;
  return sql<SqlBool>`(posts.visibility in ('everyone', 'group') or posts.user_id = ${viewerId}
    or (posts.visibility = 'friends' and ${friendOf(viewerId, 'posts.user_id')}))`;
}

/**
 * A request kept to fewer readers (friends, or its author alone) that the viewer is in the audience
 * of, on the posts alias `table` (`viewerId` may be a prepared-query placeholder). The words
 * `visibility in ('friends', 'only_me')` match posts_restricted_idx, a partial index.
 */
export function fewerReadersSeenBy(viewerId: string, table = 'posts'): RawBuilder<SqlBool> {
  const visibility = sql.ref(`${table}.visibility`);
  const author = sql.ref(`${table}.user_id`);
  return sql<SqlBool>`(${visibility} in ('friends', 'only_me') and (${author} = ${viewerId}
    or (${visibility} = 'friends' and ${author} in (select friend_id from friendships
      where user_id = ${viewerId} and status = 'accepted'))))`;
}

/** Posts for everyone, outside any group: the only ones a node keeps for all viewers alike. */
export const forEveryoneOutsideGroups = sql<SqlBool>`(posts.group_id is null and posts.visibility = 'everyone')`;

/**
 * What of a post may leave Splikz in an email or a push (a server and a phone beyond this policy's
 * reach), the one rule for both:
 * - its words (an email's excerpt) only when it is for everyone and not anonymous: a prayer request
 *   for friends, a group or its author alone, or an anonymous one, never leaves with its text;
 * - its author's name, with no words ('shared a new post'), to the followers or group members who may
 *   see it anyway, unless it is anonymous or kept to friends or its author.
 */
export function textMayLeave(post: { visibility: Visibility; anonymous: boolean | number }): boolean {
  return post.visibility === 'everyone' && !post.anonymous;
}

/** Whether a member who may see the post may share it onward: not one kept to friends or its author. */
export function mayBeShared(post: { visibility: Visibility }): boolean {
  return post.visibility !== 'friends' && post.visibility !== 'only_me';
}

export function authorMayBeAnnounced(post: { visibility: Visibility; anonymous: boolean | number }): boolean {
  return (post.visibility === 'everyone' || post.visibility === 'group') && !post.anonymous;
}

/** textMayLeave in SQL, on `posts` (the digest's excerpts). */
export const textLeavesSplikz = sql<SqlBool>`(posts.visibility = 'everyone' and not posts.anonymous)`;

/**
 * An anonymous request of someone else's does not answer to the viewer's blocks and mutes of its
 * author: if it did, muting or blocking members one by one and watching a request disappear would name
 * its author. It still follows its audience and group, leaves with a suspended or unconfirmed author,
 * and stays away from a member its author blocked (the author's own protection, which the viewer cannot
 * set off). `authorFilter` is the viewer's usual filter on `posts.user_id` (notHiddenFrom or
 * notHiddenInFeed: the two exports below); `viewerId` may be a prepared-query placeholder.
 */
function authorHiddenUnlessAnonymous(
  viewerId: string,
  authorFilter: RawBuilder<SqlBool>,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`((posts.anonymous and posts.user_id <> ${viewerId} and ${visibleMember('posts.user_id')}
    and not exists (select 1 from blocks ab where ab.blocker_id = posts.user_id and ab.blocked_id = ${viewerId}))
    or ${authorFilter})`;
}

/** The author filter of a post's page, lists outside the feeds and commands: notHiddenFrom, but for anonymous requests. */
export function postAuthorNotHiddenFrom(viewerId: string): RawBuilder<SqlBool> {
  return authorHiddenUnlessAnonymous(viewerId, notHiddenFrom(viewerId, 'posts.user_id'));
}

/** The feeds' author filter: notHiddenInFeed (mutes too, with `muted`), but for anonymous requests. */
export function postAuthorNotHiddenInFeed(
  viewerId: string,
  options: { muted: boolean },
): RawBuilder<SqlBool> {
  return authorHiddenUnlessAnonymous(viewerId, notHiddenInFeed(viewerId, 'posts.user_id', options));
}

/** Whether the viewer's own blocks and mutes of the post's author apply to it (not to another's anonymous request). */
export function answersToBlocksAndMutes(post: { anonymous: boolean; user_id: string }, viewerId: string) {
  return !post.anonymous || post.user_id === viewerId;
}

/**
 * The same rule for a post whose author is on the viewer's hidden lists (a kept page's cut): left out,
 * unless it is another's anonymous request and its author is not one who blocked the viewer.
 */
export function leftOutByHiddenLists(
  post: { anonymous: boolean; user_id: string },
  viewerId: string,
  blockedBy: ReadonlySet<string>,
): boolean {
  return answersToBlocksAndMutes(post, viewerId) || blockedBy.has(post.user_id);
}

/** Not an anonymous request of someone else's: what a profile or an author's list may show. */
export function notAnonymousTo(viewerId: string | null): RawBuilder<SqlBool> {
  if (viewerId === null) return sql<SqlBool>`(not posts.anonymous)`;
  return sql<SqlBool>`(not posts.anonymous or posts.user_id = ${viewerId})`;
}

/** Still asking: not an unanswered request past its expiry (`now` an ISO instant). */
export function notExpired(now: string | RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`(posts.expires_at is null or posts.expires_at > ${now})`;
}

/**
 * The audience rule from the post's side, for the recipients of what a request sends (its updates
 * and answer): a filter on the member id in `memberColumn`. Its author alone reads one for 'only me';
 * the author's friends one for friends; the group's members one in a group.
 */
export function memberInAudienceOf(
  post: { user_id: string; visibility: Visibility; group_id: string | null },
  memberColumn: string,
): RawBuilder<SqlBool> {
  const member = sql.ref(memberColumn);
  const inGroup = post.group_id
    ? sql`and exists (select 1 from group_members ig where ig.group_id = ${post.group_id}
      and ig.user_id = ${member} and ig.standing = 'member')`
    : sql``;
  if (post.visibility === 'only_me') return sql<SqlBool>`(${member} = ${post.user_id})`;
  if (post.visibility === 'friends')
    return sql<SqlBool>`(${friendOf(post.user_id, memberColumn)} ${inGroup})`;
  return sql<SqlBool>`(1 = 1 ${inGroup})`;
}

/** The same audience rule for one post already read (commands acting on it). */
export async function inAudience(
  db: Db,
  viewerId: string,
  post: { user_id: string; visibility: Visibility },
): Promise<boolean> {
  if (post.visibility === 'everyone' || post.visibility === 'group' || post.user_id === viewerId) return true;
  if (post.visibility === 'only_me') return false;
  const friend = await db
    .selectFrom('friendships')
    .select('id')
    .where('user_id', '=', viewerId)
    .where('friend_id', '=', post.user_id)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  return Boolean(friend);
}

/**
 * Whether the viewer may see who wrote an anonymous request: its author, a site admin, and the admins
 * of the group it was asked in (its moderators). Everyone else sees 'A member'.
 */
export async function mayUnmask(
  db: Db,
  viewerId: string,
  post: { user_id: string; group_id: string | null },
): Promise<boolean> {
  if (post.user_id === viewerId) return true;
  const admin = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', '=', viewerId)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  if (admin) return true;
  if (post.group_id === null) return false;
  const moderator = await db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', post.group_id)
    .where('user_id', '=', viewerId)
    .where('standing', '=', 'member')
    .where('role', 'in', ['owner', 'admin'])
    .executeTakeFirst();
  return Boolean(moderator);
}

/** Whether a request is on anyone's feed or list at `now`: answered ones never expire. */
export function isExpired(post: { expires_at: string | null; answered_at: string | null }, now = Date.now()) {
  return post.answered_at === null && post.expires_at !== null && Date.parse(post.expires_at) <= now;
}
