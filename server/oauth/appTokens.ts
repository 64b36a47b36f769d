import { type Scope, scopeAllows } from '@common/schemas/oauth.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import { APP_TOKENS } from '@server/cache/declared.ts';
import { perDatabase } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import { HttpError } from '@server/http/errors.ts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { digest, splitScopes } from './model.ts';

/** Who an app's request acts for: a member (viewer), or the app itself (client_credentials). */
export interface AppCaller {
  tokenId: string;
  appId: string;
  scopes: string[];
  viewer: Viewer | null;
}

// "Apps you've authorized" shows when an app was last used: the row moves at most this often.
const LAST_USED_STEP_MS = 5 * 60_000;

/** The bearer token of a request: `Authorization: Bearer …`, the only place the API reads one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

const kept = perDatabase(
  () =>
    new LRUCache<string, { caller: AppCaller | null }>({ max: APP_TOKENS.maxKeys, ttl: APP_TOKENS.maxAgeMs }),
);

/** Revoked tokens (by row id) are forgotten here at once; app.ts and the streams' hub call it on every node. */
export function forgetAppTokens(db: Kysely<DB>, tokenIds: string[]): void {
  const gone = new Set(tokenIds);
  const cache = kept(db);
  for (const [key, entry] of cache.entries())
    if (entry.caller && gone.has(entry.caller.tokenId)) cache.delete(key);
}

/** A member's sessions changed (suspension, deletion): their tokens are read again. */
export function forgetMemberTokens(db: Kysely<DB>, userId: string): void {
  const cache = kept(db);
  for (const [key, entry] of cache.entries()) if (entry.caller?.viewer?.userId === userId) cache.delete(key);
}

/**
 * Finds a token's app, member and scopes (kept APP_TOKENS.maxAgeMs, cache/declared.ts). A revoked
 * token is a deleted row; a suspended member's tokens answer nothing (suspension also deletes them).
 */
export async function resolveAppToken(db: Kysely<DB>, token: string): Promise<AppCaller | null> {
  if (token.length > 200) return null;
  const key = digest(token);
  const cache = kept(db);
  const hit = cache.get(key);
  if (hit) return hit.caller;
  const caller = await readAppToken(db, key);
  // Only a token that exists is kept: a guessed one costs a lookup each time, as it should.
  if (caller) cache.set(key, { caller });
  return caller;
}

async function readAppToken(db: Kysely<DB>, tokenHash: string): Promise<AppCaller | null> {
  const row = await db
    .selectFrom('oauth_tokens')
    .leftJoin('user', 'user.id', 'oauth_tokens.user_id')
    .leftJoin('profiles', 'profiles.id', 'oauth_tokens.user_id')
    .select([
      'oauth_tokens.id',
      'oauth_tokens.app_id',
      'oauth_tokens.user_id',
      'oauth_tokens.scopes',
      'oauth_tokens.last_used_at',
      'user.email',
      'profiles.suspended_at',
    ])
    .where('oauth_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  if (row.user_id && (row.email === null || row.suspended_at !== null)) return null;
  if (!row.last_used_at || Date.parse(row.last_used_at) < Date.now() - LAST_USED_STEP_MS) {
    void db
      .updateTable('oauth_tokens')
      .set({ last_used_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute()
      .catch(() => undefined);
  }
  return {
    tokenId: row.id,
    appId: row.app_id,
    scopes: splitScopes(row.scopes),
    viewer: row.user_id ? { userId: row.user_id, email: row.email!, sessionToken: `app:${row.id}` } : null,
  };
}

/** 401 as Mastodon answers it: the client drops its token and signs in again. */
export const invalidToken = () => HttpError.of(401, 'oauth_token_invalid');

/**
 * The caller of an API route that needs `scope`: a token that lacks it is 403 (the app asked for
 * too little), a missing or revoked one 401.
 */
export async function requireAppCaller(
  db: Kysely<DB>,
  request: FastifyRequest,
  scope: Scope | null,
): Promise<AppCaller> {
  const token = bearerToken(request);
  const caller = token ? await resolveAppToken(db, token) : null;
  if (!caller) throw invalidToken();
  if (scope && !scopeAllows(caller.scopes, scope)) throw HttpError.of(403, 'oauth_scope_missing', { scope });
  return caller;
}

/** As requireAppCaller, for routes that act for a member: an app's own token is refused. */
export async function requireAppMember(
  db: Kysely<DB>,
  request: FastifyRequest,
  scope: Scope,
): Promise<AppCaller & { viewer: Viewer }> {
  const caller = await requireAppCaller(db, request, scope);
  if (!caller.viewer) throw HttpError.of(422, 'oauth_member_required');
  return caller as AppCaller & { viewer: Viewer };
}

/** For routes anyone may read (the public timeline): the caller if a token came, else null. */
export async function optionalAppCaller(db: Kysely<DB>, request: FastifyRequest, scope: Scope) {
  return bearerToken(request) ? requireAppCaller(db, request, scope) : null;
}
