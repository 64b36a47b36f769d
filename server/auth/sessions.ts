import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Who is making a request, as far as authorization needs to know. */
export interface Viewer {
  userId: string;
  email: string;
  sessionToken: string;
}

interface Entry {
  viewer: Viewer | null;
  expiresAt: number;
}

// Reading a session costs a signature check and, at most once per token every CACHE_TTL_MS, one
// indexed lookup. Sign-out and password reset drop the member's entries on this node at once; other
// nodes see the change within the TTL.
const CACHE_TTL_MS = 10_000;

/**
 * Resolves the Better Auth session cookie without going through Better Auth on every request:
 * Better Auth signs the cookie as `token.base64(HMAC-SHA256(token, secret))`.
 */
export class SessionResolver {
  readonly #cache = new LRUCache<string, Entry>({ max: 50_000, ttl: CACHE_TTL_MS });
  readonly #cookieName: string;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly secret: string,
    secureCookies: boolean,
  ) {
    this.#cookieName = `${secureCookies ? '__Secure-' : ''}better-auth.session_token`;
  }

  async resolve(cookieHeader: string | undefined): Promise<Viewer | null> {
    const token = this.#verifiedToken(cookieHeader);
    if (!token) return null;
    const cached = this.#cache.get(token);
    if (cached && cached.expiresAt > Date.now()) return cached.viewer;
    const row = await this.db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['session.userId', 'session.expiresAt', 'user.email'])
      .where('session.token', '=', token)
      .executeTakeFirst();
    const expiresAt = row ? new Date(row.expiresAt).getTime() : 0;
    const viewer =
      row && expiresAt > Date.now() ? { userId: row.userId, email: row.email, sessionToken: token } : null;
    this.#cache.set(token, { viewer, expiresAt: viewer ? expiresAt : Date.now() + CACHE_TTL_MS });
    return viewer;
  }

  /** Forgets every cached session of a member (sign-out, password reset, account deletion). */
  forgetUser(userId: string): void {
    for (const [token, entry] of this.#cache.entries()) {
      if (entry.viewer?.userId === userId) this.#cache.delete(token);
    }
  }

  #verifiedToken(cookieHeader: string | undefined): string | null {
    if (!cookieHeader) return null;
    const prefix = `${this.#cookieName}=`;
    const part = cookieHeader.split(/;\s*/).find((c) => c.startsWith(prefix));
    if (!part) return null;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(prefix.length));
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', this.secret).update(token).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return token;
  }
}
