import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DB } from '@server/db/types.ts';
import { digest } from '@server/oauth/model.ts';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { TestClient, TestServer } from './harness.ts';

// The Mastodon client API (issue 53) in tests: an app registered as apps do, a member's 'Authorize'
// through the authorize screen's own route, and the code traded for a token with PKCE.

export interface RegisteredApp {
  id: string;
  client_id: string;
  client_secret: string;
  redirect_uri: string;
}

export async function registerTestApp(
  server: TestServer,
  fields: Record<string, unknown> = {},
): Promise<RegisteredApp> {
  const res = await fetch(`${server.baseUrl}/api/v1/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Test App',
      redirect_uris: 'https://app.example/callback',
      scopes: 'read write follow push',
      ...fields,
    }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as RegisteredApp;
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The member's 'Authorize' on the screen's route: the code, as the redirect carries it. */
export async function authorizeCode(
  member: TestClient,
  app: RegisteredApp,
  request: Record<string, string> = {},
): Promise<{ code: string; location: string }> {
  const res = await member.post('/api/oauth/authorization', {
    request: {
      response_type: 'code',
      client_id: app.client_id,
      redirect_uri: app.redirect_uri.split('\n')[0],
      ...request,
    },
    approve: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if ('code' in res.body) return { code: res.body.code, location: '' };
  const location = res.body.redirect_to as string;
  return { code: new URL(location).searchParams.get('code')!, location };
}

export async function exchangeCode(server: TestServer, body: Record<string, string>) {
  const res = await fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A token for `member` with `scope` (default every broad scope). */
export async function memberToken(server: TestServer, member: TestClient, scope = 'read write follow push') {
  const app = await registerTestApp(server);
  const { verifier, challenge } = pkcePair();
  const { code } = await authorizeCode(member, app, {
    scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const res = await exchangeCode(server, {
    grant_type: 'authorization_code',
    code,
    client_id: app.client_id,
    client_secret: app.client_secret,
    redirect_uri: app.redirect_uri.split('\n')[0]!,
    code_verifier: verifier,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.access_token as string, app };
}

/** An app's call with a bearer token: JSON bodies, or a form when `form` is set. */
export async function api(
  server: TestServer,
  token: string | null,
  method: string,
  path: string,
  body?: Record<string, unknown> | URLSearchParams,
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: string | undefined;
  if (body instanceof URLSearchParams) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = body.toString();
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${server.baseUrl}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/**
 * A token of `appId` for `userId` (null: the app's own, as client_credentials gives it), written as a
 * row of oauth_tokens as /oauth/token writes it; the raw token is answered, the row keeps its digest.
 * `lastUsedAt` in the future keeps a request from noting its use (a write the bad-input digest counts).
 */
export async function insertToken(
  db: Kysely<DB>,
  appId: string,
  userId: string | null,
  scopes = 'read write follow push',
  lastUsedAt: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('oauth_tokens')
    .values({
      id: randomUUID(),
      token_hash: digest(token),
      app_id: appId,
      user_id: userId,
      scopes,
      created_at: new Date().toISOString(),
      last_used_at: lastUsedAt,
    })
    .execute();
  return token;
}
