import { insertPendingRequest } from '@server/test/friendRequests.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('notifications (%s)', (dialect) => {
  let server: TestServer;
  let alice: { client: TestClient; me: any };
  let bob: { client: TestClient; me: any };
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    alice = await signedInMember(server, { name: 'Alice Bell' });
    bob = await signedInMember(server, { name: 'Bob Ringer' });
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const pendingRequest = (from: string, to: string) => insertPendingRequest(server, from, to);

  it("lists the member's latest 10, newest first, with the sender, and nobody else's", async () => {
    const post = await makePost(alice.client, { content: 'Ring ring' });
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
