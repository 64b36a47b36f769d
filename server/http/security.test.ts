import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { insertPendingRequest } from '@server/test/friendRequests.ts';
import {
  GENEROUS_AUTH_LIMITS,
  makeUserInput,
  readOutbox,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
  waitForMail,
} from '@server/test/harness.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Sends one request exactly as written (no client-side URL normalising) and reads the answer. */
function rawRequest(
  baseUrl: string,
  requestLine: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  const head = [
    requestLine,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ...(body ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`] : []),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n${body}`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(text.split(' ')[1]), text });
    });
  });
}

const cookieHeader = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('requests an attacker would send', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  it('checks the Origin of every mutating request, however its path is written', async () => {
    const sender = await signedInMember(server);
    const receiver = await signedInMember(server);
    await insertPendingRequest(server, sender.me.id, receiver.me.id);
    const cookie = cookieHeader(receiver.client);
    const { port } = new URL(server.baseUrl);
    const paths = [
      `/%61pi/friend-requests/${sender.me.id}/accept`,
      `/api/friend-requests/${sender.me.id}/%61ccept`,
      `http://127.0.0.1:${port}/api/friend-requests/${sender.me.id}/accept`,
      `http://evil.example/%61pi/friend-requests/${sender.me.id}/accept`,
    ];
    for (const target of paths) {
      for (const origin of [{ Origin: 'https://evil.example' }, { Origin: 'null' }, {}] as Record<
        string,
        string
      >[]) {
        const res = await rawRequest(server.baseUrl, `POST ${target} HTTP/1.1`, {
          Cookie: cookie,
          ...origin,
        });
        expect([target, origin, res.status]).toEqual([target, origin, 403]);
      }
    }
    const row = await server.built.ctx.database.db
      .selectFrom('friendships')
      .select('status')
      .where('user_id', '=', sender.me.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    // The same encoded path from our own page does reach the route.
    const ours = await rawRequest(server.baseUrl, `POST ${paths[0]} HTTP/1.1`, {
      Cookie: cookie,
      Origin: server.baseUrl,
    });
    expect(ours.status).toBe(204);
  });

  it('forwards only the allow-listed Better Auth endpoints, whatever a path parameter holds', async () => {
    const { client } = await signedInMember(server);
    const cookie = cookieHeader(client);
    const ok = await rawRequest(server.baseUrl, 'GET /api/auth/get-session HTTP/1.1', { Cookie: cookie });
    expect(ok.status).toBe(200);
    for (const token of [
      '..\\list-sessions',
      '..%5Clist-sessions',
      '%2e%2e%5clist-sessions',
      '%2E%2E%5Clist-sessions',
      '.%2e\\list-sessions',
      '..%5c..%5capi%5cauth%5clist-sessions',
      '..%2Flist-sessions',
      '%2e%2e/list-sessions',
      'abc%00def',
    ]) {
      const res = await rawRequest(server.baseUrl, `GET /api/auth/reset-password/${token} HTTP/1.1`, {
        Cookie: cookie,
      });
      expect([token, res.status]).toEqual([token, 404]);
      expect(res.text).not.toContain('"token"');
    }
    for (const hidden of ['/api/auth/list-sessions', '/api/auth/%6cist-sessions', '/api/auth/update-user']) {
      const res = await rawRequest(server.baseUrl, `GET ${hidden} HTTP/1.1`, { Cookie: cookie });
      expect([hidden, res.status]).toEqual([hidden, 404]);
    }
  });

  it('refuses deeply nested and non-object JSON bodies with a 400 on every route', async () => {
    const { client } = await signedInMember(server);
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const deepArray = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    for (const [method, url] of [
      ['POST', '/api/auth/sign-out'],
      ['PATCH', '/api/settings/preferences'],
      ['POST', '/api/auth/sign-in/email'],
    ] as const) {
      for (const rawBody of [deep, deepArray]) {
        const res = await client.request(method, url, undefined, { rawBody });
        expect([url, res.status, res.body.error.code]).toEqual([url, 400, 'too_deeply_nested']);
      }
      for (const rawBody of ['null', '[]', '"x"', '7', 'true']) {
        const res = await client.request(method, url, undefined, { rawBody });
        expect([url, rawBody, res.status]).toEqual([url, rawBody, 400]);
        expect(res.body.error.message).toBe('The request body must be a JSON object.');
      }
    }
    // Ordinary nesting still parses, and nothing above signed the member out.
    expect((await client.request('PATCH', '/api/settings/preferences', { data_saver: true })).status).toBe(
      200,
    );
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('keeps member-chosen text out of the confirmation mail', async () => {
    const lines = makeUserInput({ name: 'Grace\r\nClick https://evil.example/login to confirm' });
    const refused = await new TestClient(server.baseUrl).post('/api/auth/sign-up/email', lines);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'Full name must be one line, without line breaks or control characters.',
    );
    const input = makeUserInput({ name: 'Grace visit https://evil.example/login now' });
    expect((await new TestClient(server.baseUrl).post('/api/auth/sign-up/email', input)).status).toBe(200);
    const mail = await waitForMail(server, input.email, /Confirm/);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).not.toContain('Grace');
    expect(mail.links.every((link) => link.startsWith(server.baseUrl))).toBe(true);
  });

  it('answers a taken username the same whether the email has an account or not', async () => {
    const owner = await signedInMember(server, { username: 'taken_for_probe' });
    const answer = async (email: string) => {
      const started = performance.now();
      const res = await new TestClient(server.baseUrl).post(
        '/api/auth/sign-up/email',
        makeUserInput({ email, username: 'taken_for_probe' }),
      );
      return { status: res.status, body: res.body, ms: performance.now() - started };
    };
    const before = readOutbox(server).length;
    const existing = await answer(owner.input.email);
    const fresh = await answer(makeUserInput().email);
    expect(existing.status).toBe(400);
    expect({ status: existing.status, body: existing.body }).toEqual({
      status: fresh.status,
      body: fresh.body,
    });
    // Neither reaches Better Auth (no password hashing, no mail): both answer in the same few ms. The
    // fastest of three of each, so a loaded machine's pauses do not decide.
    const fastest = async (email: string) =>
      Math.min(...(await Promise.all([1, 2, 3].map(() => answer(email)))).map((a) => a.ms));
    expect(
      Math.abs((await fastest(owner.input.email)) - (await fastest(makeUserInput().email))),
    ).toBeLessThan(100);
    expect(readOutbox(server).length).toBe(before);
  });
});

describe('security headers', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'splikz-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Splikz</title><div id="root"></div>');
    server = await startTestServer('sqlite', GENEROUS_AUTH_LIMITS, { webDist: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const expectHtmlHeaders = (res: Response, what: string) => {
    expect([what, res.headers.get('content-type')]).toEqual([what, expect.stringContaining('text/html')]);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect([what, csp]).toEqual([what, expect.stringContaining("default-src 'self'")]);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/\bwss?:/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  };

  it('puts the CSP, frame and referrer headers on every HTML answer', async () => {
    const { client } = await signedInMember(server);
    const post = await client.post('/api/posts', { content: 'A post with a page' });
    expect(post.status).toBe(201);
    const pages = [
      '/',
      '/index.html',
      '/profile/grace',
      '/no/such/page',
      `/post/${post.body.id}`,
      '/post/01900000-0000-7000-8000-000000000000',
      '/post/not-a-post',
    ];
    for (const page of pages) {
      const res = await fetch(`${server.baseUrl}${page}`);
      expect([page, res.status]).toEqual([page, expect.any(Number)]);
      expectHtmlHeaders(res, page);
    }
    expect((await fetch(`${server.baseUrl}/post/not-a-post`)).status).toBe(404);
    // JSON answers do not pay for them, and carry no HSTS on http.
    const api = await fetch(`${server.baseUrl}/api/health`);
    expect(api.headers.get('content-security-policy')).toBeNull();
    expect(api.headers.get('strict-transport-security')).toBeNull();
  });

  it('serves uploads under a sandbox CSP', async () => {
    const { client } = await signedInMember(server);
    const photo = await uploadPhoto(server, client);
    const res = await fetch(new URL(photo.url, server.baseUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('HSTS behind https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { publicUrl: 'https://splikz.test' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends strict-transport-security on every answer when PUBLIC_URL is https', async () => {
    const port = (server.built.app.server.address() as { port: number }).port;
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api/nothing-here'],
      ['GET', '/api/me'],
      ['POST', '/api/posts'],
    ]) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, { method });
      expect([url, res.headers.get('strict-transport-security')]).toEqual([
        url,
        'max-age=31536000; includeSubDomains',
      ]);
    }
  });
});
