import { createHmac } from 'node:crypto';
import {
  dialects,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const COOKIE = 'better-auth.session_token';
const UNAUTHORIZED = { error: { code: 'unauthorized', message: 'Please sign in to continue.' } };

/** A client that sends only the given session cookie value. */
function withCookie(server: TestServer, value: string): TestClient {
  const client = new TestClient(server.baseUrl);
  client.cookies.set(COOKIE, value);
  return client;
}

describe.each(dialects)('/api/me and sessions (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 401 without a cookie', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('answers the member with their profile when signed in', async () => {
    const { me, input } = await signedInMember(server, { name: 'Signed In', username: 'signed_in' });
    expect(me).toEqual({
      id: expect.any(String),
      email: input.email,
      is_admin: false,
      language: null,
      profile: { id: me.id, username: 'signed_in', full_name: 'Signed In', avatar_url: null, bio: null },
    });
  });

  it('refuses forged session cookies', async () => {
    const { client } = await signedInMember(server);
    const real = decodeURIComponent(client.cookies.get(COOKIE)!);
    const dot = real.lastIndexOf('.');
    const token = real.slice(0, dot);
    expect((await withCookie(server, real).get('/api/me')).status).toBe(200);

    const wrongSecret = createHmac('sha256', 'not-the-server-secret-not-the-server-secret')
      .update(token)
      .digest('base64');
    const forgeries = [
      `${token}.${wrongSecret}`,
      `${token}.${Buffer.alloc(32).toString('base64')}`,
      token,
      `${token}.`,
      `made-up-token.${createHmac('sha256', 'x').update('made-up-token').digest('base64')}`,
    ];
    for (const value of forgeries) {
      const res = await withCookie(server, encodeURIComponent(value)).get('/api/me');
      expect(res.status, value).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
    }
    // A value that is not valid percent-encoding.
    expect((await withCookie(server, `${token}%E0%A4%A`).get('/api/me')).status).toBe(401);
  });

  it('refuses the same cookie value after sign-out', async () => {
    const { client } = await signedInMember(server);
    const value = client.cookies.get(COOKIE)!;
    const copy = withCookie(server, value);
    expect((await copy.get('/api/me')).status).toBe(200);

    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect(client.cookies.has(COOKIE)).toBe(false);
    const res = await copy.get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('reports is_admin once the member has the admin role', async () => {
    const { client, me } = await signedInMember(server);
    expect(me.is_admin).toBe(false);
    await server.built.ctx.database.db
      .insertInto('user_roles')
      .values({ user_id: me.id, role: 'admin' })
      .execute();
    const res = await client.get('/api/me');
    expect(res.status).toBe(200);
    expect(res.body.is_admin).toBe(true);
  });

  it('does not make a member admin for another role', async () => {
    const { client, me } = await signedInMember(server);
    await server.built.ctx.database.db
      .insertInto('user_roles')
      .values({ user_id: me.id, role: 'moderator' })
      .execute();
    expect((await client.get('/api/me')).body.is_admin).toBe(false);
  });
});

describe.each(dialects)('health and unknown routes (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it('reports health with the database', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers an unknown API route with a 404 JSON error', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({
      error: {
        code: 'not_found',
        message: 'No route for GET /api/does-not-exist.',
        params: { method: 'GET', url: '/api/does-not-exist' },
      },
    });
  });

  it.each([
    '/api/auth/update-user',
    '/api/auth/delete-user',
    '/api/auth/change-email',
    '/api/auth/sign-up/phone',
  ])('answers POST %s with 404 and changes nothing', async (url) => {
    const { client, me } = await signedInMember(server);
    const res = await client.post(url, {
      name: 'Hacked',
      email: 'hacked@example.com',
      newEmail: 'x@example.com',
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    const after = await client.get('/api/me');
    expect(after.status).toBe(200);
    expect(after.body.email).toBe(me.email);
    const user = await server.built.ctx.database.db
      .selectFrom('user')
      .select(['name', 'email'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ name: me.profile.full_name, email: me.email });
  });

  it('answers GET on an unknown auth route with 404', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/auth/list-sessions');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});
