import { FEED_PAGE_SIZE } from '@common/schemas/posts.ts';
import type { SearchPostsPage, SearchTags } from '@common/schemas/search.ts';
import { isTag, normalizeTag } from '@common/text/postText.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest } from '@server/http/errors.ts';
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
import { escapeLike } from '@server/queries/like.ts';
import { type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';

/** Words a search reads at most; the rest of the query is left out. */
export const SEARCH_WORDS = 8;
const WORD_LENGTH = 64;

/**
 * The words of a search as both indexes cut text (letters, marks and digits; '_', punctuation and
 * spaces part them), NFC, each at most 64 characters: safe to quote into FTS5's and tsquery's syntax.
 */
export function searchWords(q: string): string[] {
  return (q.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])
    .slice(0, SEARCH_WORDS)
    .map((word) => word.slice(0, WORD_LENGTH));
}

/** Which posts a search may show the viewer: the tag page's rule (policies/), blocks and mutes as in the feeds. */
function searchFilter(viewerId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${postAuthorNotHiddenInFeed(viewerId, { muted: true })}
    and ${postSeenBy(viewerId)}
    and ${notExpired(new Date().toISOString())}
    and ${notHiddenPost(viewerId)})`;
}

const isPostgres = (db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A page's place in SQLite's index (the posts' rowid, which grows with each post): base64url of 's:<rowid>'. */
function decodeRowidCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^s:(\d{1,15})$/.exec(text);
  if (!match) throw badRequest('invalid_cursor', { what: 'search' });
  return Number(match[1]);
}

/**
 * Posts with every word of `q`, whole (a word's start would make FTS5 merge the lists of every word it
 * starts, 37 ms for one in every post of a million, against 0.06 ms for the word: bench/search.ts),
 * newest first, that the viewer may see: SQLite's FTS5 index read backwards by rowid (newest written first, a page at a
 * time), PostgreSQL's GIN index on the stored tsvector, sorted by time (migration 20261203T0700).
 */
export async function searchPosts(
  db: Kysely<DB>,
  viewerId: string,
  q: string,
  options: { before?: string | undefined; limit?: number | undefined },
): Promise<SearchPostsPage> {
  const limit = options.limit ?? FEED_PAGE_SIZE;
  const words = searchWords(q);
  if (words.length === 0) return { posts: [], next_cursor: null };
  let ids: string[];
  let next: ((lastId: string) => string | null) | null = null;
  if (isPostgres(db)) {
    const query = words.join(' & ');
    const cursor = options.before ? decodeCursor(options.before, 'search') : undefined;
    const rows = await sql<{ id: string }>`select posts.id from posts
      where posts.search @@ to_tsquery('simple', ${query}) and ${searchFilter(viewerId)}
      ${cursor ? sql`and (posts.created_at, posts.id) < (${cursor.createdAt}, ${cursor.id})` : sql``}
      order by posts.created_at desc, posts.id desc
      limit ${limit + 1}`.execute(db);
    ids = rows.rows.map((row) => row.id);
  } else {
    const match = words.map((word) => `"${word}"`).join(' ');
    const before = options.before ? decodeRowidCursor(options.before) : undefined;
    const rows = await sql<{ id: string; seq: number }>`select posts.id, posts_fts.rowid as seq
      from posts_fts join posts on posts.rowid = posts_fts.rowid
      where posts_fts match ${match} and ${searchFilter(viewerId)}
      ${before === undefined ? sql`` : sql`and posts_fts.rowid < ${before}`}
      order by posts_fts.rowid desc
      limit ${limit + 1}`.execute(db);
    ids = rows.rows.map((row) => row.id);
    const seqOf = new Map(rows.rows.map((row) => [row.id, row.seq]));
    next = (lastId) => Buffer.from(`s:${seqOf.get(lastId)}`).toString('base64url');
  }
  const more = ids.length > limit;
  ids = ids.slice(0, limit);
  if (ids.length === 0) return { posts: [], next_cursor: null };
  const rows = await selectPosts(db, viewerId).where('posts.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const posts = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentPost(row, viewerId)] : [];
  });
  const end = posts.at(-1);
  const nextCursor = more && end ? (next ? next(end.id) : encodeCursor(end)) : null;
  return { posts, next_cursor: nextCursor };
}

const TAGS_FOUND = 20;

/**
 * Tags that start with `q` ('#' before it is allowed), most used first, counted on posts every member
 * may see (outside groups, for everyone, not anonymous) by members the viewer is not hidden from, as
 * Trending Now counts them: a tag only a group or friends use is told to no one.
 */
export async function searchTags(db: Kysely<DB>, viewerId: string, q: string): Promise<SearchTags> {
  const start = normalizeTag(q.trim().replace(/^#/, ''));
  if (!isTag(start) && !/^\p{N}+$/u.test(start)) return { tags: [] };
  const rows = await db
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select(['post_tags.tag', (eb) => eb.fn.countAll<number>().as('posts')])
    .where('post_tags.tag', 'like', sql<string>`${`${escapeLike(start)}%`} escape '\\'`)
    .where(forEveryoneOutsideGroups)
    .where(notAnonymousTo(null))
    .where(notHiddenFrom(viewerId, 'posts.user_id'))
    .groupBy('post_tags.tag')
    .orderBy('posts', 'desc')
    .orderBy('post_tags.tag')
    .limit(TAGS_FOUND)
    .execute();
  return { tags: rows.map((row) => ({ name: row.tag, posts: Number(row.posts) })) };
}
