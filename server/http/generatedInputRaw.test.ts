import { createConnection } from 'node:net';
import { fillPath, isErrorBody } from '@server/test/badInput.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 14, the other half of generated bad input: request lines that fetch and inject would tidy up,
// written byte for byte on a socket. The router decodes `/%61pi/...` to `/api/...` and takes
// absolute-form request lines, so every mutating route must still refuse a request without our Origin.

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Where the Mastodon client API's face is (server/http/mastodonScope.ts): tokens only, no cookie. */
const MASTODON_FACE = [
  '/api/v1/',
  '/api/v2/',
  '/oauth/token',
  '/oauth/revoke',
  '/.well-known/',
  '/nodeinfo/',
];

/** Writes a request as is on a new connection (it says `Connection: close`) and reads the answer. */
function rawHttp(port: number, request: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks);
      const split = answer.indexOf('\r\n\r\n');
      const head = answer.subarray(0, split).toString('latin1');
      let body = answer.subarray(split + 4);
      if (/\r\ntransfer-encoding: chunked/i.test(head)) {
        const parts: Buffer[] = [];
        for (let at = 0; ; ) {
          const end = body.indexOf('\r\n', at);
          const size = Number.parseInt(body.subarray(at, end).toString('latin1'), 16) || 0;
          if (size === 0) break;
          parts.push(body.subarray(end + 2, end + 2 + size));
          at = end + 2 + size + 2;
        }
        body = Buffer.concat(parts);
      }
      resolve({ status: Number(head.split(' ')[1]), body: body.toString('utf8') });
    });
    socket.write(request);
  });
}

describe.each(dialects)('the Origin check over raw HTTP (%s)', (dialect) => {
  let server: TestServer;
  let member: TestClient;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    member = (await signedInMember(server)).client;
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(() => server?.close());

  /** A request as a member's browser would send it, with the request line and Origin given. */
  const send = (method: string, target: string, origin: string | null, body: string, host?: string) => {
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const head = [
      `${method} ${target} HTTP/1.1`,
      `Host: ${host ?? `127.0.0.1:${port}`}`,
      ...(origin === null ? [] : [`Origin: ${origin}`]),
      `Cookie: ${cookie}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ];
    return rawHttp(port, Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`));
  };

  /** The ways around a check that looked at the raw URL or at the Host, for one path. */
  const variants = (path: string): Array<[target: string, origin: string | null, host?: string]> => [
    [path.replace('/api/', '/%61pi/'), null],
    [path.replace('/api/', '/%61pi/'), 'http://evil.example'],
    [`${server.baseUrl}${path}`, null],
    [`http://evil.example${path}`, 'http://evil.example', 'evil.example'],
    [`${server.baseUrl}${path.replace('/api/', '/%61pi/')}`, 'null'],
    [path, 'null'],
    [path, `${server.baseUrl}.evil.example`],
    [path, server.baseUrl.replace('127.0.0.1', 'localhost')],
  ];

  it('answers 403 bad_origin (missing_origin without one) on every mutating route, however the request line is written', async () => {
    // The signed unsubscribe link is its own credential (mail clients POST it with no Origin), and the
    // Mastodon client API (issue 53) reads no cookie, only `Authorization: Bearer` (apps send no
    // Origin): no other route may skip the check.
    const withoutOrigin = server.built.routes
      .filter((r) => r.withoutOrigin)
      .map((r) => `${r.method} ${r.url}`);
    const faceOf = (key: string) => MASTODON_FACE.some((prefix) => key.split(' ')[1]!.startsWith(prefix));
    expect(withoutOrigin.filter((key) => key !== 'POST /unsubscribe' && !faceOf(key))).toEqual([]);
    expect(withoutOrigin).toEqual(
      expect.arrayContaining(['POST /unsubscribe', 'POST /api/v1/statuses', 'POST /oauth/token']),
    );
    // And every mutating route of that face skips it (apps would be refused otherwise).
    expect(
      server.built.routes
        .filter((r) => MUTATING.has(r.method) && !r.withoutOrigin)
        .map((r) => `${r.method} ${r.url}`)
        .filter(faceOf),
    ).toEqual([]);
    const routes = server.built.routes.filter((r) => MUTATING.has(r.method) && !r.withoutOrigin);
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const { method, url } of routes) {
      // Any id that could be ours: the check must answer before anything looks it up.
      const path = fillPath(url, new Proxy({}, { get: () => '0192a0b1-c2d3-7e4f-8a9b-0c1d2e3f4a5b' }));
      for (const [target, origin, host] of variants(path)) {
        const res = await send(method, target, origin, '{}', host);
        const code = isErrorBody(res.body) ? JSON.parse(res.body).error.code : null;
        if (res.status !== 403 || code !== (origin ? 'bad_origin' : 'missing_origin')) {
          failures.push(
            `${method} ${target} (Origin ${origin ?? 'none'}) -> ${res.status} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('takes no session cookie on the Mastodon client API, even with our Origin (why it may skip the check)', async () => {
    const posts = async () => (await member.get('/api/me/activity')).body.posts as number;
    const before = await posts();
    const toot = JSON.stringify({ status: 'Posted with a cookie' });
    for (const [method, path, body] of [
      ['POST', '/api/v1/statuses', toot],
      ['GET', '/api/v1/timelines/home', ''],
    ] as const) {
      for (const target of [path, `${server.baseUrl}${path}`]) {
        const res = await send(method, target, server.baseUrl, body);
        expect(res.status, `${method} ${target}: ${res.body}`).toBe(401);
        expect(JSON.parse(res.body).error_code, `${method} ${target}`).toBe('oauth_token_invalid');
      }
    }
    expect(await posts()).toBe(before);
  });

  it('changes nothing through them, while the same request with our Origin does', async () => {
    const post = JSON.stringify({ content: 'Posted across sites' });
    const privacy = JSON.stringify({ followers_visible: false });
    for (const [method, path, body] of [
      ['POST', '/api/posts', post],
      ['PATCH', '/api/settings/privacy', privacy],
    ]) {
      for (const [target, origin, host] of variants(path!)) {
        const res = await send(method!, target, origin, body!, host);
        expect(res.status, `${method} ${target} (Origin ${origin ?? 'none'})`).toBe(403);
      }
    }
    expect((await member.get('/api/me/activity')).body.posts).toBe(0);
    expect((await member.get('/api/settings/privacy')).body.followers_visible).toBe(true);

    expect((await send('POST', '/api/posts', server.baseUrl, post)).status).toBe(201);
    expect(
      (await send('PATCH', `${server.baseUrl}/api/settings/privacy`, server.baseUrl, privacy)).status,
    ).toBe(200);
    expect((await member.get('/api/me/activity')).body.posts).toBe(1);
    expect((await member.get('/api/settings/privacy')).body.followers_visible).toBe(false);
  });
});
