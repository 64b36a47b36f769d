import { FEED_PAGE_SIZE } from '@common/schemas/posts.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import { notFound } from '@server/http/errors.ts';
import { notHiddenFrom, notHiddenPost, notSuspended } from '@server/policies/blocks.ts';
import {
  canSeePost,
  postForEveryone,
  postInFeedOf,
  postReadableBy,
  postSeenBy,
} from '@server/policies/post.ts';
import {
  mayUnmask,
  notAnonymousTo,
  postAuthorNotHiddenFrom,
  postAuthorNotHiddenInFeed,
} from '@server/policies/prayer.ts';
import {
  ANONYMOUS_AUTHOR,
  presentAuthor,
  presentComment,
  presentPost,
  selectPosts,
} from '@server/presenters/post.ts';
import { decodeCursor, encodeCursor } from '@server/queries/cursor.ts';
import { escapeLike } from '@server/queries/like.ts';
import { type Kysely, sql, type Transaction } from 'kysely';

type FeedOptions = {
  category?: 'general' | 'prayer' | 'food' | 'comedy';
  before?: string;
  limit?: number;
  authorId?: string;
  /** A member's wall: their own posts (not those on other walls) and the posts approved onto it. */
  wallOf?: string;
  /** Only posts with a photo, or with a video (their stored media_type): the profile tabs. */
  media?: 'photo' | 'video';
  /** Only answered prayer requests: the prayer feed's 'Answered' tab. */
  answered?: boolean;
  /** The food feed's filters: recipes with this diet tag, or with an ingredient containing this. */
  diet?: string | undefined;
  ingredient?: string | undefined;
  /** Only posts for everyone outside groups: the Mastodon API's public timeline. */
  audience?: 'everyone';
};

// Placeholders stand for the values of a feed query while it is built once per shape.
const FEED_PLACEHOLDERS = {
  viewerId: '\u0000viewer',
  category: '\u0000category',
  createdAt: '\u0000createdAt',
  id: '\u0000id',
  authorId: '\u0000author',
  wallOf: '\u0000wall',
  now: '\u0000now',
  diet: '\u0000diet',
  ingredient: '\u0000ingredient',
};
type FeedValues = typeof FEED_PLACEHOLDERS;
const feedQueries = perDatabase(() => new Map<string, (values: FeedValues) => Promise<unknown[]>>());

type FeedShape = {
  category: boolean;
  before: boolean;
  author: boolean;
  wall: boolean;
  media: 'photo' | 'video' | null;
  answered: boolean;
  diet: boolean;
  ingredient: boolean;
  everyone: boolean;
  limit: number;
};

function feedQuery(db: Kysely<DB>, shape: FeedShape) {
  const key = `${shape.category}${shape.before}${shape.author}${shape.wall}${shape.media}${shape.answered}${shape.diet}${shape.ingredient}${shape.everyone}${shape.limit}`;
  const byShape = feedQueries(db);
  let run = byShape.get(key);
  if (!run) {
    run = preparedQuery(db, FEED_PLACEHOLDERS, (v) => {
      // Blocked members' posts never show; muted members' only leave the feeds, not a profile.
      const muted = !shape.author && !shape.wall;
      let query = selectPosts(db, v.viewerId).where(postAuthorNotHiddenInFeed(v.viewerId, { muted }));
      // The feeds show group posts to the group's members only and leave expired requests out; a
      // profile shows what its viewer may see, but never someone's anonymous requests (policies/prayer.ts).
      query = query.where(
        muted
          ? postInFeedOf(v.viewerId, v.now)
          : sql<boolean>`${postSeenBy(v.viewerId)} and ${notAnonymousTo(v.viewerId)}`,
      );
      if (muted) query = query.where(notHiddenPost(v.viewerId));
      if (shape.answered) query = query.where('posts.answered_at', 'is not', null);
      // A narrowing of what the viewer may see, never a widening: the rule above still holds.
      if (shape.everyone) query = query.where(postForEveryone());
      if (shape.category) query = query.where('posts.category', '=', v.category as 'general');
      if (shape.diet) {
        query = query.where(
          sql<boolean>`exists (select 1 from recipe_diet_tags t where t.post_id = posts.id and t.tag = ${v.diet})`,
        );
      }
      if (shape.ingredient) {
        // `ingredient` arrives as a LIKE pattern (lower case, its % and _ escaped: listFeed).
        query = query.where(
          sql<boolean>`exists (select 1 from recipe_ingredients i where i.post_id = posts.id and i.item_key like ${v.ingredient} escape '\\')`,
        );
      }
      if (shape.author) query = query.where('posts.user_id', '=', v.authorId);
      if (shape.wall) {
        query = query.where((eb) =>
          eb.or([
            eb('posts.profile_owner_id', '=', v.wallOf),
            eb.and([eb('posts.user_id', '=', v.wallOf), eb('posts.profile_owner_id', 'is', null)]),
          ]),
        );
      }
      // A constant of the shape, not a placeholder: each tab has its own compiled query.
      if (shape.media) query = query.where('posts.media_type', '=', shape.media);
      if (shape.before)
        query = query.where(sql<boolean>`(posts.created_at, posts.id) < (${v.createdAt}, ${v.id})`);
      // The page size is part of the shape (one compiled statement per size, a checked whole number),
      // so no bound value but the viewer's and the cursor's reaches the planner.
      return query
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(sql.lit(shape.limit));
    });
    byShape.set(key, run);
  }
  return run as (values: FeedValues) => Promise<Parameters<typeof presentPost>[0][]>;
}

/** A page of a feed, newest first, by keyset on (created_at, id): the same cost on any page. */
export async function listFeed(db: Kysely<DB>, viewerId: string, options: FeedOptions) {
  const limit = options.limit ?? FEED_PAGE_SIZE;
  // Written into the SQL (below): only ever a whole page size the route's schema let through.
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Not a page size: ${limit}`);
  // The home feed shows every post; the prayer, food and comedy feeds their own category.
  const category = options.category && options.category !== 'general' ? options.category : undefined;
  const cursor = options.before ? decodeCursor(options.before, 'the feed') : undefined;
  const run = feedQuery(db, {
    category: Boolean(category),
    before: Boolean(cursor),
    author: Boolean(options.authorId),
    wall: Boolean(options.wallOf),
    media: options.media ?? null,
    answered: Boolean(options.answered),
    diet: Boolean(options.diet),
    ingredient: Boolean(options.ingredient),
    everyone: options.audience === 'everyone',
    limit: limit + 1,
  });
  const rows = await run({
    viewerId,
    category: category ?? '',
    createdAt: cursor?.createdAt ?? '',
    id: cursor?.id ?? '',
    authorId: options.authorId ?? '',
    wallOf: options.wallOf ?? '',
    now: new Date().toISOString(),
    diet: options.diet ?? '',
    ingredient: options.ingredient ? `%${escapeLike(options.ingredient.trim().toLowerCase())}%` : '',
  });
  const page = rows.slice(0, limit).map((row) => presentPost(row, viewerId));
  const last = page.at(-1);
  return { posts: page, next_cursor: rows.length > limit && last ? encodeCursor(last) : null };
}

export async function getPost(db: Kysely<DB>, viewerId: string, postId: string) {
  const row = await selectPosts(db, viewerId)
    .where('posts.id', '=', postId)
    .where(postReadableBy(viewerId))
    .executeTakeFirst();
  if (!row) return null;
  // Its own page names an anonymous request's author to those who moderate it (policies/prayer.ts).
  const revealAnonymous = Boolean(row.anonymous) && (await mayUnmask(db, viewerId, row));
  return presentPost(row, viewerId, { revealAnonymous });
}

function selectComments(db: Kysely<DB>) {
  return db
    .selectFrom('comments')
    .innerJoin('profiles', 'profiles.id', 'comments.user_id')
    .select([
      'comments.id',
      'comments.post_id',
      'comments.user_id',
      'comments.content',
      'comments.mentions',
      'comments.created_at',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
    ]);
}

export async function getComment(db: Kysely<DB>, commentId: string) {
  const row = await selectComments(db).where('comments.id', '=', commentId).executeTakeFirst();
  return row ? presentComment(row) : null;
}

/** Comments of a post, oldest first (at most 500; a post with more shows its first 500). */
export async function listComments(db: Kysely<DB>, viewerId: string, postId: string) {
  const rows = await selectComments(db)
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select(['posts.anonymous', 'posts.user_id as post_author_id'])
    .where('comments.post_id', '=', postId)
    .where(notHiddenFrom(viewerId, 'comments.user_id'))
    .orderBy('comments.created_at', 'asc')
    .orderBy('comments.id', 'asc')
    .limit(500)
    .execute();
  // Under an anonymous request its author's own comments are 'A member''s too, but to the author.
  return rows.map((row) => {
    const comment = presentComment(row);
    const masked = row.anonymous && row.user_id === row.post_author_id && row.user_id !== viewerId;
    return masked ? { ...comment, author: ANONYMOUS_AUTHOR } : comment;
  });
}

/** Your Activity: own posts, likes and comments received on them. */
export async function getActivity(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom('posts')
    .select((eb) => [
      eb.fn.countAll().as('posts'),
      eb.fn.coalesce(eb.fn.sum('like_count'), sql`0`).as('likes'),
      eb.fn.coalesce(eb.fn.sum('comment_count'), sql`0`).as('comments'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    posts: Number(row.posts),
    likes_received: Number(row.likes),
    comments_received: Number(row.comments),
  };
}

/** Trending Now: the posts of the last 7 days with the most likes and comments. */
export async function listTrending(db: Kysely<DB>, viewerId: string, limit = 5) {
  const since = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString();
  const rows = await db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .select([
      'posts.id',
      'posts.content',
      'posts.content_warning',
      'posts.user_id',
      'posts.like_count',
      'posts.comment_count',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
    ])
    .where('posts.created_at', '>=', since)
    .where(notHiddenFrom(viewerId, 'posts.user_id'))
    .where(postInFeedOf(viewerId, new Date().toISOString()))
    .where(notAnonymousTo(null))
    .where(sql<boolean>`posts.like_count + posts.comment_count > 0`)
    .orderBy(sql`posts.like_count + posts.comment_count`, 'desc')
    .orderBy('posts.created_at', 'desc')
    .limit(limit)
    .execute();
  return {
    posts: rows.map((r) => ({
      id: r.id,
      // Behind a warning, the warning alone leaves: the card shows it instead of the text.
      content: r.content_warning ? '' : r.content,
      content_warning: r.content_warning,
      author: presentAuthor(r),
      like_count: Number(r.like_count),
      comment_count: Number(r.comment_count),
    })),
  };
}

/**
 * The post the viewer acts on, when they may see it (policies/post.ts): one whose author is hidden
 * from them answers as a missing one (404), whatever they ask of it.
 */
export async function findVisiblePost(trx: Transaction<DB>, viewer: Viewer, postId: string) {
  const post = await trx
    .selectFrom('posts')
    .select([
      'id',
      'user_id',
      'profile_owner_id',
      'media_id',
      'media_type',
      'category',
      'group_id',
      'visibility',
      'anonymous',
      'notify_prayed',
      'answered_at',
      'expires_at',
      'expires_after_days',
      'created_at',
      'card_url',
      'card_state',
      'card_media_id',
    ])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post || !(await canSeePost(trx, viewer.userId, post))) throw notFound('post_not_found');
  return post;
}

/**
 * What a post's server-rendered page (routes/pages/postPage.ts) shows, if whoever asks may see it: a
 * signed-in member hidden from the author (a block either way) gets nothing, as GET /api/posts/:id
 * answers them; a visitor (a link-preview crawler) gets it unless an admin suspended the author.
 */
export async function postForPage(db: Kysely<DB>, viewerId: string | null, postId: string) {
  let query = db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .leftJoin('media_objects', 'media_objects.id', 'posts.media_id')
    .select([
      'posts.id',
      'posts.content',
      'posts.image_url',
      'posts.image_feed_url',
      'posts.media_type',
      'media_objects.content_type',
      'profiles.full_name',
      'profiles.username',
      'posts.anonymous',
      'posts.has_recipe',
      'posts.content_warning',
      'posts.alt_text',
      'posts.created_at',
    ])
    .where('posts.id', '=', postId);
  query = query.where(viewerId ? postAuthorNotHiddenFrom(viewerId) : notSuspended('posts.user_id'));
  // A private or secret group's post (and any group's prayer request) shows nothing to outsiders, nor
  // does a request for friends or for its author only (policies/prayer.ts).
  query = query.where(postSeenBy(viewerId));
  return query.executeTakeFirst();
}

/** Whether the post is in the viewer's home feed (the feed's own rule, as postInHomeFeed), read alone. */
export async function isInHomeFeed(db: Kysely<DB>, viewerId: string, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('posts.id')
    .where('posts.id', '=', postId)
    .where(postAuthorNotHiddenInFeed(viewerId, { muted: true }))
    .where(postInFeedOf(viewerId, new Date().toISOString()))
    .where(notHiddenPost(viewerId))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The post as the viewer's home feed would show it, or null when it is not in that feed (the feed's
 * own rule: policies/post.ts postInFeedOf, blocks, mutes and hidden posts): the Mastodon API's
 * streams send a new post to the streams whose feed it is in.
 */
export async function postInHomeFeed(db: Kysely<DB>, viewerId: string, postId: string) {
  const row = await selectPosts(db, viewerId)
    .where('posts.id', '=', postId)
    .where(postAuthorNotHiddenInFeed(viewerId, { muted: true }))
    .where(postInFeedOf(viewerId, new Date().toISOString()))
    .where(notHiddenPost(viewerId))
    .executeTakeFirst();
  return row ? presentPost(row, viewerId) : null;
}
