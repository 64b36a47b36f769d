import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  makeUserInput,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const NUL = 'bad\u0000text';
const b64 = (s: string) => Buffer.from(s).toString('base64url');
const SOME_ID = '01900000-0000-7000-8000-000000000000';

// Cursors that only look right: Date.parse takes each of them (or the id is not one of ours).
const BAD_CURSORS = [
  b64(`2026-02-30T10:00:00.000Z|${SOME_ID}`),
  b64(`2026-11-22 10:00:00|${SOME_ID}`),
  b64(`Nov 22 2026|${SOME_ID}`),
  b64(`2026|${SOME_ID}`),
  b64(`2026-11-22T10:00:00.000Z|not-a-uuid`),
  b64(`2026-11-22T10:00:00.000Z|${SOME_ID}|extra`),
  b64(`2026-11-22T10:00:00.000Z\u0000|${SOME_ID}`),
  `bad\u0000cursor`,
];

describe.each(dialects)('text input on %s', (dialect) => {
  let server: TestServer;
  let member: TestClient;
  let otherId: string;
  let postId: string;

  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    member = (await signedInMember(server)).client;
    otherId = (await signedInMember(server)).me.id;
    postId = (await member.post('/api/posts', { content: 'hello' })).body.id;
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  /** Every text field of each body, one at a time, holding a NUL: a 400 with a message, never a 500. */
  const bodies = (): Array<
    [method: string, url: string, body: Record<string, unknown>, anonymous?: boolean]
  > => [
    ['POST', '/api/auth/sign-up/email', { ...makeUserInput(), username: 'nul_probe' }, true],
    ['POST', '/api/auth/sign-in/email', { email: 'a@example.com', password: 'secret123' }, true],
    ['POST', '/api/auth/request-password-reset', { email: 'a@example.com', redirectTo: '/auth' }, true],
    ['POST', '/api/auth/reset-password', { token: 'abcdefabcdef', newPassword: 'secret123' }, true],
    ['POST', '/api/contact', { name: 'Ann', email: 'a@example.com', subject: 'general', message: 'Hi' }],
    ['POST', '/api/posts', { content: 'x', location_name: 'Here', recipe: 'Bake' }],
    ['PATCH', `/api/posts/${postId}`, { content: 'edited' }],
    ['POST', `/api/posts/${postId}/comments`, { content: 'nice' }],
    ['POST', `/api/profiles/${otherId}/wall`, { content: 'hi' }],
    ['POST', `/api/conversations/with/${otherId}/messages`, { content: 'hi', client_id: SOME_ID }],
    ['PATCH', '/api/settings/account', { full_name: 'Ann', username: 'ann_nul' }],
    ['PATCH', '/api/settings/profile-details', { bio: 'about me' }],
    ['PATCH', '/api/profiles/me/details', { hobbies: 'a', work: 'b', website: 'https://a.example' }],
    ['POST', '/api/settings/delete-account', { password: 'secret123' }],
    ['POST', '/api/circles', { title: 'Vespers', faith: 'Christianity', topic: 'Psalms' }],
    ['PATCH', '/api/profiles/me/avatar', { media_id: 'abc' }],
  ];

  it('refuses a NUL in every text field of a body with a 400', async () => {
    for (const [method, url, body, anonymous] of bodies()) {
      const client = anonymous ? new TestClient(server.baseUrl) : member;
      for (const field of Object.keys(body)) {
        if (typeof body[field] !== 'string') continue;
        const res = await client.request(method, url, { ...body, [field]: NUL });
        const seen = [url, field, res.status];
        expect(seen).toEqual([url, field, 400]);
        expect(res.body.error.message).toEqual(expect.any(String));
      }
    }
  });

  it('refuses a NUL in query strings and look-alike cursors with a 400', async () => {
    const nul = encodeURIComponent(NUL);
    for (const url of [
      `/api/profiles/search?q=${nul}`,
      `/api/places?kind=churches&q=${nul}`,
      `/api/posts?before=${nul}`,
      `/api/conversations/with/${otherId}/messages?after=${nul}`,
    ]) {
      const res = await member.get(url);
      expect([url, res.status]).toEqual([url, 400]);
    }
    for (const cursor of BAD_CURSORS) {
      const c = encodeURIComponent(cursor);
      for (const url of [
        `/api/posts?before=${c}`,
        `/api/profiles/${otherId}/posts?before=${c}`,
        `/api/profiles/${otherId}/followers?before=${c}`,
        `/api/conversations?before=${c}`,
      ]) {
        const res = await member.get(url);
        expect([url, cursor, res.status]).toEqual([url, cursor, 400]);
      }
    }
  });

  it('still pages with the cursors it hands out', async () => {
    for (let i = 0; i < 3; i += 1) await member.post('/api/posts', { content: `post ${i}` });
    const first = await member.get('/api/posts?limit=2');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await member.get(
      `/api/posts?limit=2&before=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.posts.length).toBeGreaterThan(0);
  });
});
