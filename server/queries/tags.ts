import { FEED_PAGE_SIZE } from '@common/schemas/posts.ts';
import type { FollowedTags, Tag, TagPostsPage } from '@common/schemas/tags.ts';
import type { DB } from '@server/db/types.ts';
import { notHiddenFrom, notHiddenPost } from '@server/policies/blocks.ts';
import { postSeenBy } from '@server/policies/post.ts';
import {
  forEveryoneOutsideGroups,
  notAnonymousTo,
  notExpired,
  postAuthorNotHiddenInFeed,
} from '@server/policies/prayer.ts';
import { presentPost, selectPosts } from '@server/presenters/post.ts';
import { decodeCursor, encodeCursor } from '@server/queries/cursor.ts';
import { type Kysely, sql } from 'kysely';

/** The tag's page as the viewer sees it: its name and whether they follow it. */
export async function tagFor(db: Kysely<DB>, viewerId: string, tag: string): Promise<Tag> {
  const followed = await db
    .selectFrom('tag_follows')
    .select('tag')
    .where('user_id', '=', viewerId)
    .where('tag', '=', tag)
    .executeTakeFirst();
  return { name: tag, following: followed !== undefined };
}

/**
 * A page of the tag's posts, newest first, by keyset on (created_at, id): those the viewer may see
 * (policies/post.ts, a public group's too), not by members they block, mute or who blocked them, not
 * hidden by them, no expired request.
 */
export async function tagPosts(
  db: Kysely<DB>,
  viewerId: string,
  tag: string,
  options: { before?: string | undefined; limit?: number | undefined },
): Promise<TagPostsPage> {
  const limit = options.limit ?? FEED_PAGE_SIZE;
  const cursor = options.before ? decodeCursor(options.before, `#${tag}`) : undefined;
  let query = selectPosts(db, viewerId)
    .innerJoin('post_tags', 'post_tags.post_id', 'posts.id')
    .where('post_tags.tag', '=', tag)
    .where(postAuthorNotHiddenInFeed(viewerId, { muted: true }))
    .where(postSeenBy(viewerId))
    .where(notExpired(new Date().toISOString()))
    .where(notHiddenPost(viewerId));
  if (cursor) {
    query = query.where(
      sql<boolean>`(post_tags.created_at, post_tags.post_id) < (${cursor.createdAt}, ${cursor.id})`,
    );
  }
  const rows = await query
    .orderBy('post_tags.created_at', 'desc')
    .orderBy('post_tags.post_id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).map((row) => presentPost(row, viewerId));
  const last = page.at(-1);
  return { posts: page, next_cursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** 'Followed tags': the member's, by name. */
export async function followedTags(db: Kysely<DB>, viewerId: string): Promise<FollowedTags> {
  const rows = await db
    .selectFrom('tag_follows')
    .select('tag')
    .where('user_id', '=', viewerId)
    .orderBy('tag')
    .execute();
  return { tags: rows.map((row) => ({ name: row.tag })) };
}

/**
 * Trending Now's tags: the last day's, by how many members used them, counted on posts every member
 * may see (outside groups, for everyone, not anonymous) by members the viewer is not hidden from.
 */
export async function trendingTags(db: Kysely<DB>, viewerId: string, limit = 5) {
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const rows = await db
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select(['post_tags.tag', (eb) => eb.fn.count<number>('post_tags.user_id').distinct().as('members')])
    .where('post_tags.created_at', '>=', since)
    .where(forEveryoneOutsideGroups)
    .where(notAnonymousTo(null))
    .where(notHiddenFrom(viewerId, 'posts.user_id'))
    .groupBy('post_tags.tag')
    .orderBy('members', 'desc')
    .orderBy('post_tags.tag')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ name: row.tag, members: Number(row.members) }));
}
