import type { Post } from '@common/schemas/posts.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, notFound } from '@server/http/errors.ts';
import { encodeCursor, isUuid } from '@server/queries/cursor.ts';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';

const ID = /^[0-9a-zA-Z-]{1,64}$/;

/** A member id from a Mastodon path: anything that cannot be one is a 404, never a query. */
export function accountIdParam(id: string): string {
  if (!ID.test(id)) throw notFound('user_not_found');
  return id;
}

export interface PageQuery {
  limit: number;
  maxId: string | null;
  sinceId: string | null;
  minId: string | null;
}

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 40;

/** Mastodon's paging parameters: `limit` (20, at most 40) and ids to page from. */
export function pageQuery(query: unknown): PageQuery {
  const q = (query ?? {}) as Record<string, unknown>;
  const id = (name: string) => {
    const value = q[name];
    if (value === undefined || value === '') return null;
    if (typeof value !== 'string' || !isUuid(value))
      throw badRequest('invalid_cursor', { what: `the ${name}` });
    return value;
  };
  let limit = DEFAULT_LIMIT;
  if (q.limit !== undefined) {
    const n = Number(q.limit);
    if (!Number.isInteger(n) || n < 1) throw badRequest('limit_too_small');
    limit = Math.min(n, MAX_LIMIT);
  }
  return { limit, maxId: id('max_id'), sinceId: id('since_id'), minId: id('min_id') };
}

/**
 * A page of posts, newest first, by Mastodon's ids: `max_id` (older than) becomes the web app's keyset
 * cursor; `since_id` and `min_id` (newer than) keep the newest page's posts after that id.
 */
export async function statusPage(
  db: Kysely<DB>,
  query: PageQuery,
  list: (before: string | undefined, limit: number) => Promise<{ posts: Post[]; next_cursor: string | null }>,
): Promise<{ posts: Post[]; more: boolean }> {
  let before: string | undefined;
  if (query.maxId) {
    const row = await db
      .selectFrom('posts')
      .select(['id', 'created_at'])
      .where('id', '=', query.maxId)
      .executeTakeFirst();
    if (!row) return { posts: [], more: false };
    before = encodeCursor(row);
  }
  const page = await list(before, query.limit);
  const after = query.minId ?? query.sinceId;
  if (!after) return { posts: page.posts, more: page.next_cursor !== null };
  const row = await db
    .selectFrom('posts')
    .select(['id', 'created_at'])
    .where('id', '=', after)
    .executeTakeFirst();
  if (!row) return { posts: page.posts, more: page.next_cursor !== null };
  const newer = page.posts.filter(
    (post) => post.created_at > row.created_at || (post.created_at === row.created_at && post.id > row.id),
  );
  return { posts: newer, more: false };
}

/** Mastodon's `Link` header: `next` pages older (max_id), `prev` newer (min_id). */
export function pageLink(
  reply: FastifyReply,
  base: string,
  url: string,
  page: { posts: { id: string }[]; more: boolean },
) {
  const first = page.posts[0];
  const last = page.posts.at(-1);
  if (!first || !last) return;
  const at = (name: string, id: string) => {
    const target = new URL(url, base);
    for (const key of ['max_id', 'min_id', 'since_id']) target.searchParams.delete(key);
    target.searchParams.set(name, id);
    return `<${base}${target.pathname}${target.search}>`;
  };
  const links = [`${at('min_id', first.id)}; rel="prev"`];
  if (page.more) links.unshift(`${at('max_id', last.id)}; rel="next"`);
  reply.header('link', links.join(', '));
}

/**
 * Lists paged by the web app's own keyset (bookmarks, a tag): `max_id` carries its cursor, which
 * Mastodon's apps take from the Link header without reading it.
 */
export function cursorQuery(query: unknown): { limit: number; before: string | undefined } {
  const q = (query ?? {}) as Record<string, unknown>;
  const { limit } = pageQuery({ limit: q.limit });
  const maxId = q.max_id;
  if (maxId !== undefined && (typeof maxId !== 'string' || maxId.length > 200))
    throw badRequest('invalid_cursor', { what: 'the max_id' });
  return { limit, before: maxId || undefined };
}

export function cursorLink(reply: FastifyReply, base: string, url: string, next: string | null) {
  if (!next) return;
  const target = new URL(url, base);
  target.searchParams.set('max_id', next);
  reply.header('link', `<${base}${target.pathname}${target.search}>; rel="next"`);
}
