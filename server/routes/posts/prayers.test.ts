import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)("'I prayed' on prayer requests (%s)", (dialect) => {
  let server: TestServer;
  let author: Awaited<ReturnType<typeof signedInMember>>;
  let bob: Awaited<ReturnType<typeof signedInMember>>;
  let carol: Awaited<ReturnType<typeof signedInMember>>;
  let dave: Awaited<ReturnType<typeof signedInMember>>;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    author = await signedInMember(server, { name: 'Ana Author' });
    bob = await signedInMember(server, { name: 'Bob Prayer' });
    carol = await signedInMember(server, { name: 'Carol Prayer' });
    dave = await signedInMember(server, { name: 'Dave Prayer' });
  });
  afterAll(async () => {
    await server.close();
  });

  const prayerRequest = async (content = 'Please pray for my mother’s surgery') => {
    const res = await author.client.post('/api/posts', {
      content,
      category: 'prayer',
      prayer_type: 'intercession',
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const prayerLines = async (postId: string) => {
    const res = await author.client.get('/api/notifications');
    return (res.body.notifications as any[]).filter((n) => n.type === 'prayer' && n.post_id === postId);
  };
  const pray = (who: { client: TestClient }, id: string) =>
    who.client.request('PUT', `/api/posts/${id}/prayed`);
  const unpray = (who: { client: TestClient }, id: string) =>
    who.client.request('DELETE', `/api/posts/${id}/prayed`);

  it('counts a prayer once per member, shows it on the post, and undoes it', async () => {
    const id = await prayerRequest();
    const created = await author.client.get(`/api/posts/${id}`);
    expect(created.body).toMatchObject({ prayed_count: 0, prayed_by_me: false });

    expect((await pray(bob, id)).body).toEqual({ prayed_count: 1, prayed_by_me: true });
    expect((await pray(bob, id)).body).toEqual({ prayed_count: 1, prayed_by_me: true });
    expect((await bob.client.get(`/api/posts/${id}`)).body).toMatchObject({
      prayed_count: 1,
      prayed_by_me: true,
    });
    expect((await carol.client.get(`/api/posts/${id}`)).body).toMatchObject({
      prayed_count: 1,
      prayed_by_me: false,
    });
    const feed = await bob.client.get('/api/posts?category=prayer');
    expect(feed.body.posts.find((p: any) => p.id === id)).toMatchObject({
      prayed_count: 1,
      prayed_by_me: true,
    });

    expect((await unpray(bob, id)).body).toEqual({ prayed_count: 0, prayed_by_me: false });
    expect((await unpray(bob, id)).body).toEqual({ prayed_count: 0, prayed_by_me: false });
    expect(await prayerLines(id)).toEqual([]);
  });

  it('keeps one unread line per request in the author’s bell, naming the latest and counting the others', async () => {
    const id = await prayerRequest('Pray for rain on our farm');
    await pray(bob, id);
    let lines = await prayerLines(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ is_read: false, others: 0, from: { id: bob.me.id } });

    await pray(carol, id);
    await pray(dave, id);
    lines = await prayerLines(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ others: 2, from: { id: dave.me.id } });
    const unread = (await author.client.get('/api/notifications')).body.unread_count;

    // The latest takes their prayer back: the line names the one before and counts one less.
    await unpray(dave, id);
    lines = await prayerLines(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ others: 1, from: { id: carol.me.id } });
    expect((await author.client.get('/api/notifications')).body.unread_count).toBe(unread);

    // Once read, the line stays as it was read, and the next prayer starts a new one.
    expect((await author.client.post('/api/notifications/read-all')).status).toBe(204);
    await unpray(bob, id);
    lines = await prayerLines(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ is_read: true, others: 1 });
    await pray(dave, id);
    lines = await prayerLines(id);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ is_read: false, others: 0, from: { id: dave.me.id } });
    await unpray(dave, id);
    expect(await prayerLines(id)).toHaveLength(1);
    expect((await author.client.get(`/api/posts/${id}`)).body.prayed_count).toBe(1);
  });

  it('lets the author pray for their own request without telling themselves', async () => {
    const id = await prayerRequest('Pray for my exams');
    expect((await pray(author, id)).body).toEqual({ prayed_count: 1, prayed_by_me: true });
    expect(await prayerLines(id)).toEqual([]);
  });

  it('refuses other posts, unknown posts, strangers and blocked members, changing nothing', async () => {
    const general = await author.client.post('/api/posts', { content: 'Just a thought' });
    const refused = await pray(bob, general.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: 'not_a_prayer_request',
      message: 'Only prayer requests can be prayed for.',
    });
    expect((await bob.client.get(`/api/posts/${general.body.id}`)).body.prayed_count).toBe(0);

    for (const bad of ['no-such-post', '%00', 'x'.repeat(5000), '..%2F..%2Fapi%2Fme']) {
      const res = await pray(bob, bad);
      expect([400, 404, 414]).toContain(res.status);
      expect(res.body.error.message).toEqual(expect.any(String));
    }

    const id = await prayerRequest('Pray for peace');
    const stranger = new TestClient(server.baseUrl);
    expect((await stranger.request('PUT', `/api/posts/${id}/prayed`)).status).toBe(401);

    expect((await author.client.request('PUT', `/api/blocks/${carol.me.id}`)).status).toBe(200);
    const blocked = await pray(carol, id);
    expect(blocked.status).toBe(404);
    expect((await author.client.get(`/api/posts/${id}`)).body.prayed_count).toBe(0);
    expect(await prayerLines(id)).toEqual([]);
    expect((await author.client.request('DELETE', `/api/blocks/${carol.me.id}`)).status).toBe(200);
  });

  it('answers liking and praying on a hidden member’s post alike: 404, setting or taking back', async () => {
    const id = await prayerRequest('Pray for my new job');
    const like = (who: { client: TestClient }, method: 'PUT' | 'DELETE') =>
      who.client.request(method, `/api/posts/${id}/like`);
    const prayed = (who: { client: TestClient }, method: 'PUT' | 'DELETE') =>
      who.client.request(method, `/api/posts/${id}/prayed`);
    const statuses = async (who: { client: TestClient }) => ({
      like: (await like(who, 'PUT')).status,
      pray: (await prayed(who, 'PUT')).status,
      unlike: (await like(who, 'DELETE')).status,
      unpray: (await prayed(who, 'DELETE')).status,
    });
    const hidden = { like: 404, pray: 404, unlike: 404, unpray: 404 };
    const db = server.built.ctx.database.db;

    // A block either way: the author blocked dave, and (later) dave blocked the author.
    expect((await author.client.request('PUT', `/api/blocks/${dave.me.id}`)).status).toBe(200);
    expect(await statuses(dave)).toEqual(hidden);
    expect((await author.client.request('DELETE', `/api/blocks/${dave.me.id}`)).status).toBe(200);
    expect((await dave.client.request('PUT', `/api/blocks/${author.me.id}`)).status).toBe(200);
    expect(await statuses(dave)).toEqual(hidden);
    expect((await dave.client.request('DELETE', `/api/blocks/${author.me.id}`)).status).toBe(200);

    // A suspended author is hidden from everyone the same way.
    await db
      .updateTable('profiles')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', author.me.id)
      .execute();
    try {
      expect(await statuses(bob)).toEqual(hidden);
    } finally {
      await db.updateTable('profiles').set({ suspended_at: null }).where('id', '=', author.me.id).execute();
    }
    const post = (await bob.client.get(`/api/posts/${id}`)).body;
    expect(post).toMatchObject({ like_count: 0, prayed_count: 0 });
    expect(await statuses(bob)).toEqual({ like: 200, pray: 200, unlike: 200, unpray: 200 });
  });

  it('takes a deleted member’s prayers off the count', async () => {
    const id = await prayerRequest('Pray for our church roof');
    const leaving = await signedInMember(server, { name: 'Leaving Member' });
    await pray(leaving, id);
    await pray(bob, id);
    expect((await author.client.get(`/api/posts/${id}`)).body.prayed_count).toBe(2);
    const deleted = await leaving.client.post('/api/settings/delete-account', {
      password: leaving.input.password,
    });
    expect(deleted.status).toBe(200);
    expect((await author.client.get(`/api/posts/${id}`)).body.prayed_count).toBe(1);
  });
});
