import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { DB } from '@server/db/types.ts';
import { Redis } from 'ioredis';
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

// Reading a session costs a signature check and, at most once per token every `kept.maxAgeMs`
// (cache/declared.ts SESSIONS, handed in by app.ts), one indexed lookup. A change of a member's
// sessions (sign-out, password reset, deletion) drops their entries on this node at once and, through
// REVOCATION_CHANNEL, on every other node within milliseconds; while that channel is down a node does
// not trust its cache at all.
// "Where you're signed in" shows when each session was last used: its updatedAt moves on a lookup at
// most this often (Better Auth itself moves it once a day, when it extends the session).
const LAST_ACTIVE_STEP_MS = 5 * 60_000;
export const REVOCATION_CHANNEL = 'splikz:sessions:revoked';

/** Told on every node (this one included) when a member's sessions change: drop their sockets. */
export type RevocationListener = (userId: string) => void;

/**
 * Resolves the Better Auth session cookie without going through Better Auth on every request:
 * Better Auth signs the cookie as `token.base64(HMAC-SHA256(token, secret))`.
 */
export class SessionResolver {
  readonly #cache: LRUCache<string, Entry>;
  readonly #maxAgeMs: number;
  /**
   * Signed cookie values whose signature was checked, with their token: a member's every request
   * carries the same one, and its HMAC cost about a twentieth of a feed page. Only values that passed
   * the check get in, so a forged value is always checked.
   */
  readonly #signed = new LRUCache<string, string>({ max: 50_000 });
  readonly #cookieName: string;
  readonly #listeners: RevocationListener[] = [];
  readonly #nodeId = randomUUID();
  readonly #publisher: Redis | undefined;
  readonly #subscriber: Redis | undefined;
  readonly #subscribed: Promise<unknown> = Promise.resolve();
  // Bumped by every revocation: a lookup that started before one must not fill the cache after it.
  #generation = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly secret: string,
    secureCookies: boolean,
    kept: { maxAgeMs: number; maxKeys: number },
    options: { redisUrl?: string | undefined; log?: (message: string, error?: unknown) => void } = {},
  ) {
    this.#cache = new LRUCache<string, Entry>({ max: kept.maxKeys, ttl: kept.maxAgeMs });
    this.#maxAgeMs = kept.maxAgeMs;
    this.#cookieName = authCookieName('session_token', secureCookies);
    if (options.redisUrl) {
      const log = options.log ?? (() => {});
      this.#publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
      this.#subscriber = new Redis(options.redisUrl);
      this.#publisher.on('error', (error) => log('session revocation publisher error', error));
      this.#subscriber.on('error', (error) => log('session revocation channel error', error));
      // Messages sent while the channel was down are lost: start from an empty cache once it is back.
      this.#subscriber.on('ready', () => this.#cache.clear());
      this.#subscriber.on('message', (_channel, message: string) => this.#received(message));
      this.#subscribed = this.#subscriber
        .subscribe(REVOCATION_CHANNEL)
        .catch((error) => log('cannot subscribe to session revocations', error));
    }
  }

  async resolve(cookieHeader: string | undefined): Promise<Viewer | null> {
    const token = this.#verifiedToken(cookieHeader);
    if (!token) return null;
    const cacheLive = this.#channelLive();
    const cached = cacheLive ? this.#cache.get(token) : undefined;
    if (cached && cached.expiresAt > Date.now()) return cached.viewer;
    const generation = this.#generation;
    const row = await this.db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .innerJoin('profiles', 'profiles.id', 'session.userId')
      .select(['session.userId', 'session.expiresAt', 'session.updatedAt', 'user.email'])
      .where('session.token', '=', token)
      // Suspension deletes the member's sessions; this also refuses one created in a race with it.
      .where('profiles.suspended_at', 'is', null)
      .executeTakeFirst();
    const expiresAt = row ? new Date(row.expiresAt).getTime() : 0;
    const viewer =
      row && expiresAt > Date.now() ? { userId: row.userId, email: row.email, sessionToken: token } : null;
    if (viewer && new Date(row!.updatedAt).getTime() < Date.now() - LAST_ACTIVE_STEP_MS) {
      void this.db
        .updateTable('session')
        .set({ updatedAt: new Date().toISOString() })
        .where('token', '=', token)
        .execute()
        .catch(() => undefined);
    }
    if (cacheLive && generation === this.#generation) {
      this.#cache.set(token, { viewer, expiresAt: viewer ? expiresAt : Date.now() + this.#maxAgeMs });
    }
    return viewer;
  }

  /**
   * A member's sessions changed (sign-out, password reset, account deletion): their cached sessions
   * go and their sockets are dropped here and, with Redis, on every other node.
   */
  forgetUser(userId: string): void {
    this.#revokeLocally(userId);
    void this.#publisher
      ?.publish(REVOCATION_CHANNEL, JSON.stringify({ node: this.#nodeId, userId }))
      .catch(() => undefined);
  }

  /** Called with the member's id on every node when their sessions change (the socket server listens). */
  onRevoked(listener: RevocationListener): void {
    this.#listeners.push(listener);
  }

  /** Resolves once the revocation channel listens (at once without Redis). */
  async ready(): Promise<void> {
    await this.#subscribed;
  }

  async close(): Promise<void> {
    await Promise.all(
      [this.#publisher, this.#subscriber].map(async (client) => {
        // quit() waits for a connection that may never come; a client that is not up just stops.
        if (client?.status === 'ready') await client.quit().catch(() => undefined);
        else client?.disconnect();
      }),
    );
  }

  #channelLive(): boolean {
    return !this.#subscriber || this.#subscriber.status === 'ready';
  }

  #received(message: string): void {
    let parsed: { node?: unknown; userId?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.node === this.#nodeId || typeof parsed.userId !== 'string') return;
    this.#revokeLocally(parsed.userId);
  }

  #revokeLocally(userId: string): void {
    this.#generation += 1;
    for (const [token, entry] of this.#cache.entries()) {
      if (entry.viewer?.userId === userId) this.#cache.delete(token);
    }
    for (const listener of this.#listeners) listener(userId);
  }

  #verifiedToken(cookieHeader: string | undefined): string | null {
    const value = cookieValue(cookieHeader, this.#cookieName);
    if (value === null) return null;
    const known = this.#signed.get(value);
    if (known !== undefined) return known;
    const token = unsignedValue(value, this.secret);
    if (token !== null) this.#signed.set(value, token);
    return token;
  }
}

/** The name Better Auth gives its cookie `name` (`__Secure-` in front over https). */
export const authCookieName = (name: string, secure: boolean) =>
  `${secure ? '__Secure-' : ''}better-auth.${name}`;

/** The value of the cookie `name` in a Cookie header, URL-decoded; null when it is not there. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  const prefix = `${name}=`;
  const part = cookieHeader.split(/;\s*/).find((c) => c.startsWith(prefix));
  if (!part) return null;
  try {
    return decodeURIComponent(part.slice(prefix.length));
  } catch {
    return null;
  }
}

/**
 * What Better Auth signed into a cookie (`value.base64(HMAC-SHA256(value, secret))`: the session
 * token, the pending two-factor challenge), or null when the signature is not ours.
 */
export function unsignedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value;
}
