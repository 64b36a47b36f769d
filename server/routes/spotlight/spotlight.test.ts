import { spotlightDate } from '@common/schemas/spotlight.ts';
import { dialects, makeUser, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('GET /api/spotlight and POST /api/spotlight/refresh on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('is for signed-in members only', async () => {
    const visitor = new TestClient(server.baseUrl);
    expect((await visitor.get('/api/spotlight')).status).toBe(401);
    expect((await visitor.post('/api/spotlight/refresh')).status).toBe(401);
  });

  it('is empty before anyone posts, then computed once on demand from real likes, comments and views', async () => {
    const { client: ana } = await makeUser(server, { name: 'Ana Baker' });
    const { client: ben } = await makeUser(server, { name: 'Ben Cook' });
    const empty = await ana.get('/api/spotlight');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ date: spotlightDate(), entries: [] });
    expect((await ana.post('/api/spotlight/refresh')).body.entries).toEqual([]);

    const bread = (await ana.post('/api/posts', { content: 'Fresh bread' })).body;
    await ben.post('/api/posts', { content: 'Soup' });
    expect((await ben.request('PUT', `/api/posts/${bread.id}/like`)).status).toBeLessThan(300);
    expect((await ben.post(`/api/posts/${bread.id}/comments`, { content: 'Looks great' })).status).toBe(201);

    const refreshed = await ben.post('/api/spotlight/refresh');
    expect(refreshed.status).toBe(200);
    expect(
      refreshed.body.entries.map((e: any) => [e.rank, e.full_name, e.total_likes, e.total_comments]),
    ).toEqual([
      [1, 'Ana Baker', 1, 1],
      [2, 'Ben Cook', 0, 0],
    ]);
    expect(refreshed.body.entries[0]).toMatchObject({ posts_count: 1, top_post_content: 'Fresh bread' });
    // Once there is a ranking, a refresh answers with it and computes nothing new.
    const ids = async () =>
      (
        await server.built.ctx.database.db
          .selectFrom('spotlight_entries')
          .select('id')
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    const before = await ids();
    await ana.post('/api/posts', { content: 'Another' });
    expect((await ana.post('/api/spotlight/refresh')).body.entries).toHaveLength(2);
    expect(await ids()).toEqual(before);
    expect((await ana.get('/api/spotlight')).body.entries.map((e: any) => e.username)).toEqual(
      refreshed.body.entries.map((e: any) => e.username),
    );
  });

  it('limits how often one member asks for a recompute', async () => {
    const { client } = await makeUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/spotlight/refresh')).status);
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});
