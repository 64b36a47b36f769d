import { insertPendingRequest } from '@server/test/friendRequests.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('friend requests (%s)', (dialect) => {
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
    const carol = await signedInMember(server, { name: 'Carol Caller' });
    await pendingRequest(carol.me.id, bob.me.id);
    expect((await bob.client.post(`/api/friend-requests/${carol.me.id}/decline`)).status).toBe(204);
    const rows = (await friendships()).filter((f) => f.user_id === carol.me.id);
    expect(rows).toEqual([]);
  });
});
