import { SPOTLIGHT_SIZE, spotlightDate } from '@common/schemas/spotlight.ts';
import { insertMember } from '@server/test/database.ts';
import {
  dialects,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { v7 as uuidv7 } from 'uuid';
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
    const { client: ana } = await signedInMember(server, { name: 'Ana Baker' });
    const { client: ben } = await signedInMember(server, { name: 'Ben Cook' });
    const empty = await ana.get('/api/spotlight');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ date: spotlightDate(), entries: [] });
    expect((await ana.post('/api/spotlight/refresh')).body.entries).toEqual([]);

    const bread = await makePost(ana, { content: 'Fresh bread' });
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
    const { client } = await signedInMember(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/spotlight/refresh')).status);
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('never shows a viewer a member they blocked or who blocked them, and still shows ten', async () => {
    const db = server.built.ctx.database.db;
    /** A post with this many views, written straight in: engagement the ranking reads. */
    const postWithViews = (userId: string, views: number) => {
      const at = new Date().toISOString();
      return db
        .insertInto('posts')
        .values({
          id: uuidv7(),
          user_id: userId,
          category: 'general',
          content: `viewed ${views} times`,
          media_type: 'none',
          image_url: null,
          image_feed_url: null,
          view_count: views,
          created_at: at,
          updated_at: at,
        })
        .execute();
    };
    const [blocker, blocked, bystander] = [
      await signedInMember(server, { name: 'Bea Blocker' }),
      await signedInMember(server, { name: 'Bo Blocked' }),
      await signedInMember(server, { name: 'Bill Bystander' }),
    ];
    await postWithViews(blocked.me.id, 5000);
    await postWithViews(blocker.me.id, 4000);
    // Ten more creators below them: the eleventh overall fills the place a hidden member leaves.
    const others: string[] = [];
    for (let i = 0; i < SPOTLIGHT_SIZE; i++) {
      others.push(await insertMember(db, `Creator${i}`));
      await postWithViews(others[i]!, 3000 - i);
    }
    expect((await blocker.client.request('PUT', `/api/blocks/${blocked.me.id}`)).status).toBe(200);
    // Recomputed now that they exist: the ranking is one for everybody, made before anyone reads it.
    await db.deleteFrom('spotlight_entries').where('spotlight_date', '=', spotlightDate()).execute();
    const names = (res: { body: { entries: Array<{ rank: number; full_name: string }> } }) =>
      res.body.entries.map((e) => [e.rank, e.full_name]);
    const ranks = (from: number, creators: string[]) => creators.map((name, i) => [from + i, name]);

    expect(names(await bystander.client.post('/api/spotlight/refresh'))).toEqual([
      [1, 'Bo Blocked'],
      [2, 'Bea Blocker'],
      ...ranks(3, [
        'Creator0',
        'Creator1',
        'Creator2',
        'Creator3',
        'Creator4',
        'Creator5',
        'Creator6',
        'Creator7',
      ]),
    ]);
    const tenFor = (first: string) => [
      [1, first],
      ...ranks(
        2,
        others.slice(0, SPOTLIGHT_SIZE - 1).map((_, i) => `Creator${i}`),
      ),
    ];
    // The blocker does not see whom they blocked, and the blocked member does not see the blocker;
    // each still gets ten, numbered from 1.
    expect(names(await blocker.client.get('/api/spotlight'))).toEqual(tenFor('Bea Blocker'));
    expect(names(await blocked.client.get('/api/spotlight'))).toEqual(tenFor('Bo Blocked'));
    expect(names(await blocked.client.post('/api/spotlight/refresh'))).toEqual(tenFor('Bo Blocked'));
    // Unblocking shows them again, from the same stored ranking.
    expect((await blocker.client.request('DELETE', `/api/blocks/${blocked.me.id}`)).status).toBe(200);
    expect(names(await blocked.client.get('/api/spotlight')).slice(0, 2)).toEqual([
      [1, 'Bo Blocked'],
      [2, 'Bea Blocker'],
    ]);
  });

  it('takes a post a moderator removes out of today’s spotlight at once', async () => {
    const db = server.built.ctx.database.db;
    const [admin, mia, nat, ola, rex] = [
      await signedInMember(server, { name: 'Ada Moderator' }),
      await signedInMember(server, { name: 'Mia Mixed' }),
      await signedInMember(server, { name: 'Nat Next' }),
      await signedInMember(server, { name: 'Ola Only' }),
      await signedInMember(server, { name: 'Rex Reporter' }),
    ];
    await db.insertInto('user_roles').values({ user_id: admin.me.id, role: 'admin' }).execute();
    /** A post made through the API, with this many views written straight in. */
    const postWithViews = async (client: TestClient, content: string, views: number) => {
      const id: string = (await makePost(client, { content })).id;
      await db.updateTable('posts').set({ view_count: views }).where('id', '=', id).execute();
      return id;
    };
    const bad = await postWithViews(mia.client, 'Buy followers here', 9_000_000);
    await postWithViews(mia.client, 'My garden', 10_000);
    await postWithViews(nat.client, 'Morning run', 5_000_000);
    const only = await postWithViews(ola.client, 'Also spam', 7_000_000);
    await db.deleteFrom('spotlight_entries').where('spotlight_date', '=', spotlightDate()).execute();
    const computed = (await rex.client.post('/api/spotlight/refresh')).body.entries;
    expect(computed.slice(0, 3).map((e: any) => [e.rank, e.full_name, e.top_post_content])).toEqual([
      [1, 'Mia Mixed', 'Buy followers here'],
      [2, 'Ola Only', 'Also spam'],
      [3, 'Nat Next', 'Morning run'],
    ]);

    for (const postId of [bad, only]) {
      const report = await rex.client.post('/api/reports', {
        target_type: 'post',
        target_id: postId,
        reason: 'spam',
      });
      expect(report.status).toBe(201);
      const removed = await admin.client.post(`/api/admin/reports/${report.body.id}/remove`);
      expect(removed.status).toBe(200);
    }

    const after = (await rex.client.get('/api/spotlight')).body.entries;
    const texts = after.map((e: any) => e.top_post_content);
    expect(texts).not.toContain('Buy followers here');
    expect(texts).not.toContain('Also spam');
    expect(after.map((e: any) => e.full_name)).not.toContain('Ola Only');
    expect(after[0]).toMatchObject({ rank: 1, full_name: 'Nat Next', top_post_content: 'Morning run' });
    expect(after[1]).toMatchObject({
      rank: 2,
      full_name: 'Mia Mixed',
      top_post_content: 'My garden',
      total_views: 10_000,
      total_engagement: 10_000,
      posts_count: 1,
    });
    const stored = await db
      .selectFrom('spotlight_entries')
      .select('rank_position')
      .where('spotlight_date', '=', spotlightDate())
      .orderBy('rank_position')
      .execute();
    expect(stored.map((r) => Number(r.rank_position))).toEqual(stored.map((_, i) => i + 1));
  });
});
