import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { canSeeMember, hasBlocked, hasMuted, isHiddenMember } from './blocks.ts';
import {
  groupPostInFeedOf,
  groupPostSeenBy,
  isGroupAdmin,
  maySeeGroupPost,
  membershipOf,
  whereOf,
} from './group.ts';
import {
  answersToBlocksAndMutes,
  audienceSeenBy,
  inAudience,
  notExpired,
  postAuthorNotHiddenFrom,
  type Visibility,
} from './prayer.ts';

type Db = Kysely<DB> | Transaction<DB>;
type PostOwners = { user_id: string; profile_owner_id: string | null };

/**
 * Posts are public to every signed-in member, but for those their author is hidden from (a block
 * either way, a suspended or unconfirmed author: blocks.ts): to them the post does not exist, for
 * reading (queries filter with notHiddenFrom on `posts.user_id`) and for everything else (404). Only
 * the author edits one, and not once it stands on another member's wall (the owner approved those
 * words); the author or the wall's owner deletes one. A post in a group follows the group's privacy
 * as well (policies/group.ts), and the group's admins may delete it; a prayer request its audience
 * (policies/prayer.ts).
 */
type SeenPost = {
  user_id: string;
  group_id: string | null;
  category: string;
  visibility: Visibility;
  /** SQLite gives 0 or 1. */
  anonymous?: boolean | number;
};
export async function canSeePost(db: Db, viewerId: string, post: SeenPost): Promise<boolean> {
  // Another's anonymous request ignores the viewer's blocks, not a hidden author nor the author's block (prayer.ts).
  const blocksApply = answersToBlocksAndMutes(
    { anonymous: Boolean(post.anonymous), user_id: post.user_id },
    viewerId,
  );
  const authorSeen = blocksApply
    ? await canSeeMember(db, viewerId, post.user_id)
    : !(await isHiddenMember(db, post.user_id)) && !(await hasBlocked(db, post.user_id, viewerId));
  return authorSeen && (await maySeeGroupPost(db, viewerId, post)) && (await inAudience(db, viewerId, post));
}

/**
 * Whether '@member' in a post (or in a comment on it, written by `writerId`) tells the member: they may
 * see the post, neither blocked the other nor muted the writer. An anonymous request's author names
 * nobody by a mention: it would say who asked.
 */
export async function mentionReaches(
  db: Db,
  memberId: string,
  writerId: string,
  post: SeenPost,
): Promise<boolean> {
  if (memberId === writerId) return false;
  if (post.anonymous && writerId === post.user_id) return false;
  if (await hasMuted(db, memberId, writerId)) return false;
  if (!(await canSeeMember(db, memberId, writerId))) return false;
  return canSeePost(db, memberId, post);
}

/**
 * Whether the viewer may see a post wherever it shows (its page, a profile, comments, likes), in SQL
 * on `posts`: its group's rule and its audience (blocks are the caller's: notHiddenFrom). `viewerId`
 * null is a visitor (a link preview).
 */
export function postSeenBy(viewerId: string | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${groupPostSeenBy(viewerId)} and ${audienceSeenBy(viewerId)})`;
}

/**
 * Whether a signed-in member may read a post found by its id or in a list of their own (its page,
 * their bookmarks, their prayer list): postSeenBy, and its author not hidden from them (an anonymous
 * request's author only when they blocked the viewer).
 */
export function postReadableBy(viewerId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${postAuthorNotHiddenFrom(viewerId)} and ${postSeenBy(viewerId)})`;
}

/**
 * The feeds' rule (home, prayer, food, comedy, trending): posts outside groups and in the viewer's own
 * groups, in their audience, and not expired requests (`now` an ISO instant, or a placeholder).
 */
export function postInFeedOf(viewerId: string, now: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${groupPostInFeedOf(viewerId)} and ${audienceSeenBy(viewerId)} and ${notExpired(now)})`;
}

/**
 * A post for everyone outside any group: what a public timeline (the Mastodon API's) narrows a feed
 * to. It widens nothing: the feed's own rule still holds beside it.
 */
export function postForEveryone(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(posts.visibility = 'everyone' and posts.group_id is null)`;
}

/** Whether the viewer is an admin of the group the post (or comment's post) is in. */
export async function adminsPostsGroup(db: Db, viewerId: string, post: { group_id: string | null }) {
  if (post.group_id === null) return false;
  return isGroupAdmin(whereOf(await membershipOf(db, post.group_id, viewerId)));
}

/** A comment is seen with its post, unless its own author is hidden from the viewer. */
export async function canSeeComment(
  db: Db,
  viewerId: string,
  comment: {
    user_id: string;
    post_author_id: string;
    group_id: string | null;
    category: string;
    visibility: Visibility;
    anonymous?: boolean | number;
  },
): Promise<boolean> {
  return (
    (await canSeePost(db, viewerId, { ...comment, user_id: comment.post_author_id })) &&
    (await canSeeMember(db, viewerId, comment.user_id))
  );
}

/** A post its author wrote on another member's wall: it got there only by the owner's approval. */
export function isOnAnotherMembersWall(post: PostOwners): boolean {
  return post.profile_owner_id !== null && post.profile_owner_id !== post.user_id;
}

export function canEditPost(viewer: Viewer, post: PostOwners): boolean {
  return post.user_id === viewer.userId && !isOnAnotherMembersWall(post);
}

export function canDeletePost(viewer: Viewer, post: PostOwners): boolean {
  return post.user_id === viewer.userId || post.profile_owner_id === viewer.userId;
}

export function canDeleteComment(viewer: Viewer, comment: { user_id: string }): boolean {
  return comment.user_id === viewer.userId;
}
