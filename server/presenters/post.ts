import type { LinkCard } from '@common/schemas/linkCards.ts';
import type { Poll } from '@common/schemas/polls.ts';
import type { Author, Comment, Post } from '@common/schemas/posts.ts';
import { ANONYMOUS_NAME, type PrayerState } from '@common/schemas/prayer.ts';
import type { Mention } from '@common/text/postText.ts';
import type { DB } from '@server/db/types.ts';
import { isExpired } from '@server/policies/prayer.ts';
import { type Kysely, type SqlBool, sql } from 'kysely';

const postColumns = [
  'posts.id',
  'posts.user_id',
  'posts.category',
  'posts.content',
  'posts.media_type',
  'posts.image_url',
  'posts.image_feed_url',
  'posts.feeling',
  'posts.location_name',
  'posts.location_lat',
  'posts.location_lng',
  'posts.prayer_type',
  'posts.food_category',
  'posts.recipe',
  'posts.like_count',
  'posts.comment_count',
  'posts.share_count',
  'posts.view_count',
  'posts.prayed_count',
  'posts.created_at',
  'posts.updated_at',
  'posts.profile_owner_id',
  'profiles.username',
  'profiles.full_name',
  'profiles.avatar_url',
  // The photo's or video's size, so the feed keeps its place before it loads (no layout shift).
  'media_objects.width as media_width',
  'media_objects.height as media_height',
  // The group it was written in: 'in {group name}'.
  'posts.group_id',
  'post_group.slug as group_slug',
  'post_group.name as group_name',
  // A prayer request's life (issue 27).
  'posts.visibility',
  'posts.anonymous',
  'posts.urgent_until',
  'posts.expires_after_days',
  'posts.expires_at',
  'posts.answered_at',
  'posts.testimony',
  'posts.update_count',
  'posts.notify_prayed',
  'posts.has_recipe',
  'posts.content_warning',
  'posts.alt_text',
  'posts.mentions',
  'posts.poll',
  'posts.card',
] as const;

/** A post's row with its author's profile and its media's size: what every viewer sees alike. */
export function selectPostRows(db: Kysely<DB>) {
  return db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .leftJoin('media_objects', 'media_objects.id', 'posts.media_id')
    .leftJoin('groups as post_group', 'post_group.id', 'posts.group_id')
    .select(postColumns);
}

/** Whether the viewer has a row of `table` (likes, prayers, bookmarks, poll_votes) for the post. */
function viewerMarked(table: 'likes' | 'prayers' | 'bookmarks' | 'poll_votes', viewerId: string) {
  return sql<SqlBool>`exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.post_id`)} = ${sql.ref('posts.id')} and ${sql.ref(`${table}.user_id`)} = ${viewerId})`;
}

/**
 * The one read shape of a post: its row, the author's profile, and the viewer's part: whether they
 * liked it, prayed for it (a post someone prayed for), bookmarked it and voted in its poll (a post
 * with one).
 */
export function selectPosts(db: Kysely<DB>, viewerId: string) {
  return selectPostRows(db).select([
    viewerMarked('likes', viewerId).as('liked_by_me'),
    sql<SqlBool>`(posts.prayed_count > 0 and ${viewerMarked('prayers', viewerId)})`.as('prayed_by_me'),
    viewerMarked('bookmarks', viewerId).as('bookmarked_by_me'),
    sql<SqlBool>`(posts.poll is not null and ${viewerMarked('poll_votes', viewerId)})`.as('voted_by_me'),
  ]);
}

type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['executeTakeFirstOrThrow']>>;
export function presentAuthor(row: {
  user_id: string;
  username: string;
  full_name: string;
  avatar_url: string | null;
}): Author {
  return { id: row.user_id, username: row.username, full_name: row.full_name, avatar_url: row.avatar_url };
}

/** What an anonymous request shows as its author to everyone but the author: nothing that leads to them. */
export const ANONYMOUS_AUTHOR: Author = { id: '', username: '', full_name: ANONYMOUS_NAME, avatar_url: null };

function presentPrayer(row: Omit<PostRow, keyof PostViewerPart>, now: number): PrayerState | null {
  if (row.category !== 'prayer') return null;
  const expired = isExpired(row, now);
  return {
    visibility: row.visibility,
    anonymous: Boolean(row.anonymous),
    urgent: row.urgent_until !== null && Date.parse(row.urgent_until) > now && row.answered_at === null,
    urgent_until: row.urgent_until,
    expires_after_days: row.expires_after_days,
    expires_at: row.answered_at === null ? row.expires_at : null,
    expired,
    answered_at: row.answered_at,
    testimony: row.testimony,
    update_count: Number(row.update_count),
    notify_prayed: Boolean(row.notify_prayed),
  };
}

/** What one viewer adds to a post: whether they liked it, prayed for it, saved it and voted in its poll. */
export type PostViewerPart = Pick<Post, 'liked_by_me' | 'prayed_by_me' | 'bookmarked_by_me' | 'voted_by_me'>;
/** A post as every viewer shares it (but its author, for an anonymous request). */
export type SharedPost = Omit<Post, keyof PostViewerPart>;

/**
 * A post as `viewerId` sees it (null: as anyone but its author, the kept feed pages' form): the part
 * every viewer shares, then theirs. An anonymous request names its author to the author only, and to
 * `revealAnonymous` (a moderator).
 */
export function presentPost(
  row: PostRow,
  viewerId: string | null,
  options: { revealAnonymous?: boolean } = {},
): Post {
  return {
    ...presentSharedPost(row, viewerId, options),
    liked_by_me: Boolean(row.liked_by_me),
    prayed_by_me: Boolean(row.prayed_by_me),
    bookmarked_by_me: Boolean(row.bookmarked_by_me),
    voted_by_me: Boolean(row.voted_by_me),
  };
}

/**
 * A post written once as JSON for every viewer, open where its viewer's part goes (writePost closes
 * it): what a cache keeps.
 */
export function openPostJson(post: SharedPost): string {
  return JSON.stringify(post).slice(0, -1);
}

/** The post's JSON for one viewer, as JSON.stringify(presentPost(...)) writes it. */
export function writePost(open: string, viewer: PostViewerPart): string {
  return `${open},"liked_by_me":${viewer.liked_by_me},"prayed_by_me":${viewer.prayed_by_me},"bookmarked_by_me":${viewer.bookmarked_by_me},"voted_by_me":${viewer.voted_by_me}}`;
}

/** The part of a post every viewer shares (see presentPost). */
export function presentSharedPost(
  row: Omit<PostRow, keyof PostViewerPart>,
  viewerId: string | null,
  options: { revealAnonymous?: boolean } = {},
): SharedPost {
  const hidden = Boolean(row.anonymous) && row.user_id !== viewerId && !options.revealAnonymous;
  return {
    id: row.id,
    author: hidden ? ANONYMOUS_AUTHOR : presentAuthor(row),
    category: row.category,
    content: row.content,
    media_type: row.media_type,
    image_url: row.image_url,
    image_feed_url: row.image_feed_url,
    feeling: row.feeling,
    location_name: row.location_name,
    location_lat: row.location_lat === null ? null : Number(row.location_lat),
    location_lng: row.location_lng === null ? null : Number(row.location_lng),
    prayer_type: row.prayer_type,
    food_category: row.food_category,
    recipe: row.recipe,
    has_recipe: Boolean(row.has_recipe),
    content_warning: row.content_warning,
    alt_text: row.alt_text,
    mentions: readMentions(row.mentions),
    poll: row.poll ? (JSON.parse(row.poll) as Poll) : null,
    card: row.card ? (JSON.parse(row.card) as LinkCard) : null,
    visibility: row.visibility,
    like_count: Number(row.like_count),
    comment_count: Number(row.comment_count),
    share_count: Number(row.share_count),
    view_count: Number(row.view_count),
    prayed_count: Number(row.prayed_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
    media_width: row.media_width ?? null,
    media_height: row.media_height ?? null,
    wall_owner_id:
      row.profile_owner_id !== null && row.profile_owner_id !== row.user_id ? row.profile_owner_id : null,
    group:
      row.group_id && row.group_slug && row.group_name
        ? { id: row.group_id, slug: row.group_slug, name: row.group_name }
        : null,
    prayer: presentPrayer(row, Date.now()),
  };
}

/** A post's or comment's kept mentions (migration 20261203T0600): a JSON list, or null for none. */
export function readMentions(json: string | null): Mention[] {
  if (!json) return [];
  return (JSON.parse(json) as Mention[]).map(({ id, username }) => ({ id, username }));
}

export function presentComment(row: {
  id: string;
  post_id: string;
  user_id: string;
  content: string;
  mentions: string | null;
  created_at: string;
  username: string;
  full_name: string;
  avatar_url: string | null;
}): Comment {
  return {
    id: row.id,
    post_id: row.post_id,
    author: presentAuthor(row),
    content: row.content,
    mentions: readMentions(row.mentions),
    created_at: row.created_at,
  };
}
