import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  makeUser,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('profile search (%s)', (dialect) => {
  let server: TestServer;
  let viewer: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    const members: Array<{ username: string; name: string }> = [
      { username: 'zebra_one', name: 'Alice Quartzmann' },
      { username: 'quartzfan', name: 'Bob Stone' },
      { username: 'carol', name: 'Carol XYLOPHONE' },
      { username: 'percentpal', name: 'Dana 100% Real' },
      { username: 'xqabcx', name: 'Eve Underscore' },
      { username: 'elise', name: 'Élise Ünal' },
      ...Array.from({ length: 10 }, (_, i) => ({ username: `manyhit${i}`, name: `Many Hit ${i}` })),
    ];
    // One after another: fewer pooled PostgreSQL connections left to close at the end.
    for (const member of members) await makeUser(server, member);
    viewer = (await makeUser(server, { username: 'searcher', name: 'The Searcher' })).client;
  });
  afterAll(async () => {
    await server.close();
  });

  const search = (q: string, client: TestClient = viewer) =>
    client.get(`/api/profiles/search?q=${encodeURIComponent(q)}`);
  const usernames = (body: { profiles: Array<{ username: string }> }) =>
    body.profiles.map((p) => p.username).sort();

  it('requires sign-in', async () => {
    const res = await search('quartz', new TestClient(server.baseUrl));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('matches the username or the full name, case-insensitively, as a substring', async () => {
    const res = await search('QUARTZ');
    expect(res.status).toBe(200);
    expect(usernames(res.body)).toEqual(['quartzfan', 'zebra_one']);
    expect(usernames((await search('artzm')).body)).toEqual(['zebra_one']);
    expect(usernames((await search('xylo')).body)).toEqual(['carol']);
    expect(usernames((await search('Bra_O')).body)).toEqual(['zebra_one']);
  });

  it('puts an exact username match first', async () => {
    const res = await search('quartzfan');
    expect(res.body.profiles[0].username).toBe('quartzfan');
  });

  it('trims the query', async () => {
    const res = await search('   quartz \t ');
    expect(res.status).toBe(200);
    expect(usernames(res.body)).toEqual(['quartzfan', 'zebra_one']);
  });

  it.each(['', '   '])('answers no profiles for the empty or blank query %j', async (q) => {
    const res = await search(q);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ profiles: [] });
  });

  it('returns at most 8 profiles even when 10 match', async () => {
    const res = await search('manyhit');
    expect(res.status).toBe(200);
    expect(res.body.profiles).toHaveLength(8);
    for (const profile of res.body.profiles) expect(profile.username).toMatch(/^manyhit\d$/);
  });

  it('treats % and _ in the query literally', async () => {
    expect(usernames((await search('%')).body)).toEqual(['percentpal']);
    expect(usernames((await search('100%')).body)).toEqual(['percentpal']);
    // As a LIKE wildcard, "qa_c" would match "xqabcx".
    expect((await search('qa_c')).body).toEqual({ profiles: [] });
    expect(usernames((await search('_')).body)).toEqual(['zebra_one']);
    expect((await search('\\')).body).toEqual({ profiles: [] });
  });

  it('refuses a query over 100 characters', async () => {
    const res = await search('q'.repeat(101));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid_input',
      message: 'The search must be at most 100 characters.',
    });
    expect((await search('q'.repeat(100))).status).toBe(200);
  });

  it('refuses a missing q', async () => {
    const res = await viewer.get('/api/profiles/search');
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid_input', message: 'q is required.' });
  });

  it('refuses an unknown query parameter', async () => {
    const res = await viewer.get('/api/profiles/search?q=carol&limit=100');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unknown_field');
  });

  it('returns exactly id, username, full_name, avatar_url and bio (no email)', async () => {
    const res = await search('carol');
    expect(res.body.profiles).toHaveLength(1);
    const [profile] = res.body.profiles;
    expect(Object.keys(profile).sort()).toEqual(['avatar_url', 'bio', 'full_name', 'id', 'username']);
    expect(profile).toMatchObject({
      username: 'carol',
      full_name: 'Carol XYLOPHONE',
      avatar_url: null,
      bio: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('@example.com');
  });

  it('folds case beyond ASCII, on SQLite as on PostgreSQL', async () => {
    expect(usernames((await search('élise')).body)).toEqual(['elise']);
    expect(usernames((await search('ÜNAL')).body)).toEqual(['elise']);
  });
});
