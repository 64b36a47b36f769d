import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  makeUser,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('notifications and friend requests (%s)', (dialect) => {
  let server: TestServer;
  let alice: { client: TestClient; me: any };
  let bob: { client: TestClient; me: any };
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    alice = await makeUser(server, { name: 'Alice Bell' });
    bob = await makeUser(server, { name: 'Bob Ringer' });
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;

  it("lists the member's latest 10, newest first, with the sender, and nobody else's", async () => {
    const post = (await alice.client.post('/api/posts', { content: 'Ring ring' })).body;
    await bob.client.request('PUT', `/api/posts/${post.id}/like`);
    for (let i = 0; i < 11; i += 1)
      await bob.client.post(`/api/posts/${post.id}/comments`, { content: `c${i}` });

    const list = await alice.client.get('/api/notifications');
    expect(list.status).toBe(200);
    expect(list.body.notifications).toHaveLength(10);
    expect(list.body.unread_count).toBe(12);
    expect(list.body.notifications[0]).toMatchObject({
      type: 'comment',
      post_id: post.id,
      is_read: false,
      from: { id: bob.me.id, full_name: 'Bob Ringer' },
    });
    expect((await bob.client.get('/api/notifications')).body.notifications).toEqual([]);
  });

  it('marks one read for its recipient only', async () => {
    const [first] = (await alice.client.get('/api/notifications')).body.notifications;
    expect((await bob.client.post(`/api/notifications/${first.id}/read`)).status).toBe(404);
    expect((await alice.client.post(`/api/notifications/${first.id}/read`)).status).toBe(204);
    const after = (await alice.client.get('/api/notifications')).body;
    expect(after.notifications[0].is_read).toBe(true);
    expect(after.unread_count).toBe(11);
  });

  it('marks all of the member’s notifications read, past the latest 10, and nobody else’s', async () => {
    await pendingRequest(alice.me.id, bob.me.id);
    expect((await alice.client.get('/api/notifications')).body.unread_count).toBeGreaterThan(10);
    expect((await alice.client.post('/api/notifications/read-all')).status).toBe(204);
    const after = (await alice.client.get('/api/notifications')).body;
    expect(after.unread_count).toBe(0);
    expect(after.notifications.every((n: { is_read: boolean }) => n.is_read)).toBe(true);
    // Bob's friend request from Alice is still unread, and still his to answer.
    const bobs = (await bob.client.get('/api/notifications')).body;
    expect(bobs.unread_count).toBe(1);
    expect(bobs.notifications[0]).toMatchObject({ type: 'friend_request', is_read: false });
    // Nothing left to mark: still fine.
    expect((await alice.client.post('/api/notifications/read-all')).status).toBe(204);
    await db().deleteFrom('friendships').where('user_id', '=', alice.me.id).execute();
    await db().deleteFrom('notifications').where('user_id', '=', bob.me.id).execute();
  });

  async function pendingRequest(from: string, to: string) {
    const now = new Date().toISOString();
    await db()
      .insertInto('friendships')
      .values({ id: uuidv7(), user_id: from, friend_id: to, status: 'pending', created_at: now })
      .execute();
    await db()
      .insertInto('notifications')
      .values({
        id: uuidv7(),
        user_id: to,
        from_user_id: from,
        type: 'friend_request',
        message: 'Friend request sent!',
        is_read: false,
        created_at: now,
      })
      .execute();
  }

  const friendships = () =>
    db().selectFrom('friendships').select(['user_id', 'friend_id', 'status']).execute();

  it('accepts a friend request: both rows accepted, the request read', async () => {
    await pendingRequest(bob.me.id, alice.me.id);
    expect((await bob.client.post(`/api/friend-requests/${alice.me.id}/accept`)).status).toBe(404);
    expect((await alice.client.post(`/api/friend-requests/${bob.me.id}/accept`)).status).toBe(204);
    expect(await friendships()).toEqual(
      expect.arrayContaining([
        { user_id: bob.me.id, friend_id: alice.me.id, status: 'accepted' },
        { user_id: alice.me.id, friend_id: bob.me.id, status: 'accepted' },
      ]),
    );
    const request = (await alice.client.get('/api/notifications')).body.notifications.find(
      (n: { type: string }) => n.type === 'friend_request',
    );
    expect(request.is_read).toBe(true);
    const again = await alice.client.post(`/api/friend-requests/${bob.me.id}/accept`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('There is no pending friend request from this member.');
  });

  it('declines a friend request by deleting it', async () => {
    const carol = await makeUser(server, { name: 'Carol Caller' });
    await pendingRequest(carol.me.id, bob.me.id);
    expect((await bob.client.post(`/api/friend-requests/${carol.me.id}/decline`)).status).toBe(204);
    const rows = (await friendships()).filter((f) => f.user_id === carol.me.id);
    expect(rows).toEqual([]);
  });

  it('answers 401 to visitors', async () => {
    const visitor = new TestClient(server.baseUrl);
    const id = uuidv7();
    expect((await visitor.get('/api/notifications')).status).toBe(401);
    for (const url of [
      '/api/notifications/read-all',
      `/api/notifications/${id}/read`,
      `/api/friend-requests/${id}/accept`,
      `/api/friend-requests/${id}/decline`,
    ]) {
      expect((await visitor.post(url)).status).toBe(401);
    }
  });
});
