import { dialects, GENEROUS_AUTH_LIMITS, startTestServer, type TestServer } from '@server/test/harness.ts';
import {
  api,
  authorizeCode,
  exchangeCode,
  memberToken,
  pkcePair,
  registerTestApp,
} from '@server/test/mastodon.ts';
import { signedInMember } from '@server/test/members.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('OAuth 2 for apps (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  it('registers an app, authorizes it with PKCE, and the token reads who signed in', async () => {
    const { client, me } = await signedInMember(server, { name: 'Ann Appuser' });
    const app = await registerTestApp(server, {
      client_name: 'Tusky',
      redirect_uris: ['tusky://oauth', 'https://tusky.example/cb'],
    });
    expect(app).toMatchObject({
      name: 'Tusky',
      redirect_uri: 'tusky://oauth\nhttps://tusky.example/cb',
      redirect_uris: ['tusky://oauth', 'https://tusky.example/cb'],
    });
    const prompt = await client.get(
      `/api/oauth/authorization?client_id=${app.client_id}&redirect_uri=tusky://oauth&scope=read+write&response_type=code`,
    );
    expect(prompt.status, JSON.stringify(prompt.body)).toBe(200);
    expect(prompt.body).toEqual({
      app: { name: 'Tusky', website: null },
      scopes: ['read', 'write'],
      redirect_uri: 'tusky://oauth',
      out_of_band: false,
    });
    const { verifier, challenge } = pkcePair();
    const { code, location } = await authorizeCode(client, app, {
      redirect_uri: 'tusky://oauth',
      scope: 'read write',
      state: 'x y&z',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(location.startsWith('tusky://oauth?')).toBe(true);
    expect(new URL(location).searchParams.get('state')).toBe('x y&z');
    // The public client proves itself with the verifier alone.
    const token = await exchangeCode(server, {
      grant_type: 'authorization_code',
      code,
      client_id: app.client_id,
      redirect_uri: 'tusky://oauth',
      code_verifier: verifier,
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', scope: 'read write' });
    expect(typeof token.body.created_at).toBe('number');
    expect(token.body.refresh_token).toBeUndefined();
    const account = await api(server, token.body.access_token, 'GET', '/api/v1/accounts/verify_credentials');
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(account.body).toMatchObject({
      id: me.id,
      username: me.profile.username,
      display_name: 'Ann Appuser',
    });
    // The same code twice is refused, and so is a wrong verifier.
    const again = await exchangeCode(server, {
      grant_type: 'authorization_code',
      code,
      client_id: app.client_id,
      redirect_uri: 'tusky://oauth',
      code_verifier: verifier,
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    const second = await authorizeCode(client, app, {
      redirect_uri: 'tusky://oauth',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const wrong = await exchangeCode(server, {
      grant_type: 'authorization_code',
      code: second.code,
      client_id: app.client_id,
      redirect_uri: 'tusky://oauth',
      code_verifier: pkcePair().verifier,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('shows the out-of-band code, refuses a read token that posts, and a revoked token is 401', async () => {
    const { client } = await signedInMember(server, { name: 'Ben Oob' });
    const app = await registerTestApp(server, {
      redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
      scopes: 'read write',
    });
    const outcome = await client.post('/api/oauth/authorization', {
      request: { client_id: app.client_id, scope: 'read' },
      approve: true,
    });
    expect(outcome.status).toBe(200);
    expect(Object.keys(outcome.body)).toEqual(['code']);
    const token = await exchangeCode(server, {
      grant_type: 'authorization_code',
      code: outcome.body.code,
      client_id: app.client_id,
      client_secret: app.client_secret,
      redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const read = token.body.access_token;
    const post = await api(server, read, 'POST', '/api/v1/statuses', { status: 'From a read token' });
    expect(post.status).toBe(403);
    expect(post.body.error).toMatch(/write:statuses/);
    expect((await api(server, read, 'GET', '/api/v1/timelines/home')).status).toBe(200);
    // /settings/apps lists it; 'Revoke' makes the next call 401.
    const apps = await client.get('/api/settings/apps');
    expect(apps.body).toEqual([expect.objectContaining({ id: app.id, name: 'Test App', scopes: ['read'] })]);
    // The data export names it too, and never a token.
    const exported = await client.get('/api/settings/data');
    expect(exported.body.authorized_apps).toEqual([
      expect.objectContaining({ name: 'Test App', scopes: ['read'] }),
    ]);
    expect(JSON.stringify(exported.body)).not.toContain(read);
    expect((await client.request('DELETE', `/api/settings/apps/${app.id}`)).status).toBe(200);
    expect((await api(server, read, 'GET', '/api/v1/timelines/home')).status).toBe(401);
    expect((await client.request('DELETE', `/api/settings/apps/${app.id}`)).status).toBe(404);
    // Denying answers no code.
    const denied = await client.post('/api/oauth/authorization', {
      request: { client_id: app.client_id },
      approve: false,
    });
    expect(denied.body).toEqual({ denied: true });
  });

  it('refuses what an app may not register or ask for, and changes nothing', async () => {
    const register = (body: Record<string, unknown>) => api(server, null, 'POST', '/api/v1/apps', body);
    for (const [body, message] of [
      [{ redirect_uris: 'https://a.example/cb' }, /client_name/],
      [{ client_name: 'X' }, /redirect_uris/],
      [{ client_name: 'X', redirect_uris: 'javascript:alert(1)' }, /javascript:/],
      [{ client_name: 'X', redirect_uris: 'not a uri' }, /absolute address/],
      [
        { client_name: 'X', redirect_uris: 'https://a.example/cb', scopes: 'read admin:write' },
        /admin:write/,
      ],
      [{ client_name: 'X', redirect_uris: 'https://a.example/cb', website: 'ftp://x' }, /website/],
      [{ client_name: 'X\u0000', redirect_uris: 'https://a.example/cb' }, /./],
    ] as const) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const { client } = await signedInMember(server, { name: 'Cy Asker' });
    const app = await registerTestApp(server, { scopes: 'read' });
    const ask = (query: string) => client.get(`/api/oauth/authorization?client_id=${app.client_id}&${query}`);
    expect((await ask('scope=write')).body.error.code).toBe('oauth_scope_not_registered');
    expect((await ask('redirect_uri=https://evil.example/cb')).body.error.code).toBe(
      'oauth_redirect_mismatch',
    );
    expect((await ask('response_type=token')).body.error.code).toBe('oauth_response_type');
    expect((await ask('code_challenge=abc&code_challenge_method=plain')).body.error.code).toBe(
      'oauth_challenge_method',
    );
    expect((await client.get('/api/oauth/authorization?client_id=nope')).body.error.code).toBe(
      'oauth_client_unknown',
    );
    // A signed-out browser is asked to sign in; the token endpoint knows no such client.
    expect((await fetch(`${server.baseUrl}/api/oauth/authorization?client_id=${app.client_id}`)).status).toBe(
      401,
    );
    const bad = await exchangeCode(server, {
      grant_type: 'authorization_code',
      code: 'x',
      client_id: app.client_id,
      client_secret: 'wrong',
      redirect_uri: app.redirect_uri,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_client');
  });

  it('gives an app its own token (client_credentials), which acts for no member', async () => {
    const app = await registerTestApp(server);
    const res = await exchangeCode(server, {
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
      scope: 'read',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const verified = await api(server, res.body.access_token, 'GET', '/api/v1/apps/verify_credentials');
    expect(verified.body).toMatchObject({ name: 'Test App' });
    expect(
      (await api(server, res.body.access_token, 'GET', '/api/v1/accounts/verify_credentials')).status,
    ).toBe(422);
  });

  it('answers Mastodon apps with or without a trailing slash, and reads no cookie', async () => {
    const { client } = await signedInMember(server, { name: 'Di Cookie' });
    const { token } = await memberToken(server, client);
    const instance = await api(server, null, 'GET', '/api/v1/instance/');
    expect(instance.status).toBe(200);
    expect(instance.body.version).toMatch(/^4\.2\.0 \(compatible; Splikz /);
    expect(instance.body.urls.streaming_api).toMatch(/^ws/);
    expect((await api(server, token, 'GET', '/api/v1/timelines/home/')).status).toBe(200);
    // A session cookie is no credential here (the Origin check does not guard these routes).
    const withCookie = await client.request('GET', '/api/v1/timelines/home');
    expect(withCookie.status).toBe(401);
  });
});
