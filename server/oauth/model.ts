import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type AuthorizedApp, isScope, scopeAllows } from '@common/schemas/oauth.ts';
import type OAuth2Server from '@node-oauth/oauth2-server';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';

/** Secrets, codes and tokens are kept as this digest only (they are 256 random bits: no salt needed). */
export const digest = (value: string) => createHash('sha256').update(value).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

/** An app as @node-oauth/oauth2-server sees it. */
export interface OAuthClient extends OAuth2Server.Client {
  id: string;
  name: string;
  website: string | null;
  redirectUris: string[];
  scopes: string[];
}

/** The member a code or token acts for; null: the app's own token (client_credentials). */
export interface OAuthUser {
  id: string | null;
}

export const splitUris = (stored: string) => stored.split('\n').filter(Boolean);
export const splitScopes = (stored: string) => stored.split(' ').filter(Boolean);

function sameDigest(secret: string, stored: string): boolean {
  const given = Buffer.from(digest(secret), 'hex');
  const kept = Buffer.from(stored, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** Registers an app (POST /api/v1/apps); the secret is answered once and kept only as its digest. */
export async function registerApp(
  db: Kysely<DB>,
  input: { name: string; redirectUris: string[]; scopes: string[]; website: string | null },
) {
  const app = {
    id: randomUUID(),
    clientId: newSecret(),
    clientSecret: newSecret(),
    createdAt: new Date().toISOString(),
  };
  await db
    .insertInto('oauth_apps')
    .values({
      id: app.id,
      name: input.name,
      website: input.website,
      redirect_uris: input.redirectUris.join('\n'),
      scopes: input.scopes.join(' '),
      client_id: app.clientId,
      client_secret_hash: digest(app.clientSecret),
      created_at: app.createdAt,
    })
    .execute();
  return app;
}

export async function findClient(db: Kysely<DB>, clientId: string): Promise<OAuthClient | null> {
  const row = await db
    .selectFrom('oauth_apps')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row ? { ...toClient(row), secretHash: row.client_secret_hash } : null;
}

function toClient(row: {
  id: string;
  name: string;
  website: string | null;
  redirect_uris: string;
  scopes: string;
}) {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    redirectUris: splitUris(row.redirect_uris),
    scopes: splitScopes(row.scopes),
    grants: ['authorization_code', 'client_credentials'],
  };
}

/** The scopes a request may be given: every one known and registered by the app; none asked is `read`. */
export function grantableScopes(client: OAuthClient, requested: string[] | undefined): string[] | false {
  const scopes = requested?.length ? requested : ['read'];
  return scopes.every(
    (scope) => isScope(scope) && (client.scopes.includes(scope) || scopeAllows(client.scopes, scope)),
  )
    ? scopes
    : false;
}

/**
 * @node-oauth/oauth2-server's storage, on our database: the library checks the grant (the client's
 * secret or PKCE verifier, the redirect URI, the code's age, a reused code); this keeps and finds rows.
 */
export function oauthModel(db: Kysely<DB>): OAuth2Server.AuthorizationCodeModel &
  OAuth2Server.ClientCredentialsModel & {
    validateRedirectUri(redirectUri: string, client: OAuth2Server.Client): Promise<boolean>;
  } {
  return {
    async getClient(clientId, clientSecret) {
      const client = await findClient(db, clientId);
      if (!client) return false;
      // No secret: the authorize step, or a token request proven by its PKCE verifier instead.
      if (clientSecret && !sameDigest(clientSecret, client.secretHash as string)) return false;
      return client;
    },
    async validateRedirectUri(redirectUri, client) {
      return (client as OAuthClient).redirectUris.includes(redirectUri);
    },
    async validateScope(_user, client, scope) {
      return grantableScopes(client as OAuthClient, scope);
    },
    async generateAccessToken() {
      return newSecret();
    },
    async generateAuthorizationCode() {
      return newSecret();
    },
    async saveAuthorizationCode(code, client, user) {
      await db
        .insertInto('oauth_codes')
        .values({
          code_hash: digest(code.authorizationCode),
          app_id: client.id,
          user_id: (user as OAuthUser).id!,
          redirect_uri: code.redirectUri,
          scopes: (code.scope ?? []).join(' '),
          code_challenge: code.codeChallenge ?? null,
          code_challenge_method: code.codeChallengeMethod ?? null,
          expires_at: code.expiresAt.toISOString(),
        })
        .execute();
      return { ...code, client, user };
    },
    async getAuthorizationCode(authorizationCode) {
      const row = await db
        .selectFrom('oauth_codes')
        .innerJoin('oauth_apps', 'oauth_apps.id', 'oauth_codes.app_id')
        .select([
          'oauth_codes.user_id',
          'oauth_codes.redirect_uri',
          'oauth_codes.scopes as code_scopes',
          'oauth_codes.code_challenge',
          'oauth_codes.code_challenge_method',
          'oauth_codes.expires_at',
          'oauth_apps.id',
          'oauth_apps.name',
          'oauth_apps.website',
          'oauth_apps.redirect_uris',
          'oauth_apps.scopes',
        ])
        .where('oauth_codes.code_hash', '=', digest(authorizationCode))
        .executeTakeFirst();
      if (!row) return false;
      return {
        authorizationCode,
        expiresAt: new Date(row.expires_at),
        redirectUri: row.redirect_uri,
        scope: splitScopes(row.code_scopes),
        client: toClient(row),
        user: { id: row.user_id } satisfies OAuthUser,
        ...(row.code_challenge
          ? { codeChallenge: row.code_challenge, codeChallengeMethod: row.code_challenge_method ?? 'S256' }
          : {}),
      };
    },
    async revokeAuthorizationCode(code) {
      // A code is good once: of two requests racing with it, only the one that deletes it wins.
      const deleted = await db
        .deleteFrom('oauth_codes')
        .where('code_hash', '=', digest(code.authorizationCode))
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },
    async getUserFromClient() {
      return { id: null } satisfies OAuthUser;
    },
    async saveToken(token, client, user) {
      const createdAt = new Date();
      await db
        .insertInto('oauth_tokens')
        .values({
          id: randomUUID(),
          token_hash: digest(token.accessToken),
          app_id: client.id,
          user_id: (user as OAuthUser).id,
          scopes: (token.scope ?? []).join(' '),
          created_at: createdAt.toISOString(),
          last_used_at: null,
        })
        .execute();
      // No refresh token and no expiry: a Mastodon app's token lasts until it is revoked.
      return {
        accessToken: token.accessToken,
        scope: token.scope,
        client,
        user,
        created_at: Math.floor(createdAt.getTime() / 1000),
      };
    },
    async getAccessToken() {
      // Requests are authenticated by server/oauth/appTokens.ts, not through the library.
      return false;
    },
  };
}

/**
 * The apps a member authorized, one row per app (an app authorized twice is one app to revoke), with
 * every scope given and the last use: /settings/apps and the data export. Never a token.
 */
export async function listAuthorizedApps(db: Kysely<DB>, userId: string): Promise<AuthorizedApp[]> {
  const rows = await db
    .selectFrom('oauth_tokens')
    .innerJoin('oauth_apps', 'oauth_apps.id', 'oauth_tokens.app_id')
    .select([
      'oauth_apps.id',
      'oauth_apps.name',
      'oauth_apps.website',
      'oauth_tokens.scopes',
      'oauth_tokens.created_at',
      'oauth_tokens.last_used_at',
    ])
    .where('oauth_tokens.user_id', '=', userId)
    .orderBy('oauth_tokens.created_at', 'desc')
    .execute();
  // One row per app: an app authorized twice (signed in again) is one app to revoke.
  const apps = new Map<string, AuthorizedApp>();
  for (const row of rows) {
    const kept = apps.get(row.id);
    const scopes = row.scopes.split(' ').filter(Boolean);
    if (!kept) {
      apps.set(row.id, {
        id: row.id,
        name: row.name,
        website: row.website,
        scopes,
        authorized_at: row.created_at,
        last_used_at: row.last_used_at,
      });
      continue;
    }
    kept.scopes = [...new Set([...kept.scopes, ...scopes])];
    if (row.last_used_at && (!kept.last_used_at || row.last_used_at > kept.last_used_at))
      kept.last_used_at = row.last_used_at;
  }
  return [...apps.values()];
}
