import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('follows (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const pair = async () => {
    const a = await signedInMember(server, { name: 'Ada Follower' });
    const b = await signedInMember(server, { name: 'Ben Followed' });
    return { a: a.client, b: b.client, aId: a.me.id as string, bId: b.me.id as string };
  };
  const rowsBetween = async (followerId: string, followedId: string) => ({
    follows: await db()
      .selectFrom('follows')
      .selectAll()
      .where('follower_id', '=', followerId)
      .where('following_id', '=', followedId)
      .execute(),
    friendships: await db()
      .selectFrom('friendships')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', followerId), eb('friend_id', '=', followedId)]),
          eb.and([eb('user_id', '=', followedId), eb('friend_id', '=', followerId)]),
        ]),
      )
      .execute(),
    requests: await db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', followedId)
      .where('from_user_id', '=', followerId)
      .where('type', '=', 'friend_request')
      .execute(),
  });

  it('follows: the follow, a pending friendship and a friend request notification, once', async () => {
    const { a, aId, bId } = await pair();
    const first = await a.request('PUT', `/api/follows/${bId}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ i_follow: true, followers_count: 1, friendship: 'pending_sent' });
    const twice = await a.request('PUT', `/api/follows/${bId}`);
    expect(twice.body).toEqual(first.body);

    const rows = await rowsBetween(aId, bId);
    expect(rows.follows).toHaveLength(1);
    expect(rows.friendships).toEqual([
      expect.objectContaining({ user_id: aId, friend_id: bId, status: 'pending' }),
    ]);
    expect(rows.requests).toEqual([expect.objectContaining({ message: 'Friend request sent!' })]);
  });

  it('shows the follow on both profiles', async () => {
    const { a, b, aId, bId } = await pair();
    await a.request('PUT', `/api/follows/${bId}`);
    const bUsername = (await b.get('/api/me')).body.profile.username;
    const aUsername = (await a.get('/api/me')).body.profile.username;
    expect((await a.get(`/api/profiles/by-username/${bUsername}`)).body).toMatchObject({
      is_me: false,
      i_follow: true,
      followers_count: 1,
      following_count: 0,
      friendship: 'pending_sent',
    });
    expect((await b.get(`/api/profiles/by-username/${aUsername}`)).body).toMatchObject({
      i_follow: false,
      following_count: 1,
      friendship: 'pending_received',
    });
    expect((await b.get(`/api/profiles/${bId}/followers`)).body.profiles.map((p: any) => p.id)).toEqual([
      aId,
    ]);
    expect((await b.get(`/api/profiles/${aId}/following`)).body.profiles.map((p: any) => p.id)).toEqual([
      bId,
    ]);
  });

  it('refuses to follow yourself and writes nothing', async () => {
    const { a, aId } = await pair();
    const res = await a.request('PUT', `/api/follows/${aId}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('You cannot follow yourself.');
    expect((await rowsBetween(aId, aId)).follows).toHaveLength(0);
    expect((await a.request('DELETE', `/api/follows/${aId}`)).status).toBe(400);
  });

  it('answers 404 for a member who does not exist', async () => {
    const { a } = await pair();
    for (const id of ['no-such-member', 'bad%20id']) {
      const res = await a.request('PUT', `/api/follows/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('User not found');
    }
  });

  it('unfollow removes the follow, the pending request and its notification', async () => {
    const { a, aId, bId } = await pair();
    await a.request('PUT', `/api/follows/${bId}`);
    const res = await a.request('DELETE', `/api/follows/${bId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ i_follow: false, followers_count: 0, friendship: 'none' });
    expect(await rowsBetween(aId, bId)).toEqual({ follows: [], friendships: [], requests: [] });
    // Unfollowing again is harmless.
    expect((await a.request('DELETE', `/api/follows/${bId}`)).status).toBe(200);
  });

  it('keeps an accepted friendship on unfollow and sends no new request to a friend', async () => {
    const { a, b, aId, bId } = await pair();
    await a.request('PUT', `/api/follows/${bId}`);
    expect((await b.post(`/api/friend-requests/${aId}/accept`)).status).toBe(204);
    const unfollowed = await a.request('DELETE', `/api/follows/${bId}`);
    expect(unfollowed.body).toEqual({ i_follow: false, followers_count: 0, friendship: 'friends' });
    expect((await rowsBetween(aId, bId)).friendships.map((f) => f.status)).toEqual(['accepted', 'accepted']);

    const again = await a.request('PUT', `/api/follows/${bId}`);
    expect(again.body).toEqual({ i_follow: true, followers_count: 1, friendship: 'friends' });
    expect((await rowsBetween(aId, bId)).requests).toHaveLength(1); // only the first, accepted one
  });

  it('counts one follow when the same member follows twice at once', async () => {
    const { a, aId, bId } = await pair();
    const answers = await Promise.all([
      a.request('PUT', `/api/follows/${bId}`),
      a.request('PUT', `/api/follows/${bId}`),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const rows = await rowsBetween(aId, bId);
    expect([rows.follows.length, rows.friendships.length, rows.requests.length]).toEqual([1, 1, 1]);
  });

  it('refuses a member toggling follows faster than a person would, saying how long to wait', async () => {
    const { a, b, aId, bId } = await pair();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await a.request(i % 2 === 0 ? 'PUT' : 'DELETE', `/api/follows/${bId}`)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const refused = await a.request('PUT', `/api/follows/${bId}`);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(
      /^Too many attempts\. Please wait \d+ seconds? and try again\.$/,
    );
    // The 31st, a follow, was refused and changed nothing: the 30th left them unfollowed.
    expect((await rowsBetween(aId, bId)).follows).toEqual([]);
    // The count is per member: the other member still follows freely.
    expect((await b.request('PUT', `/api/follows/${aId}`)).status).toBe(200);
  });

  it('answers 401 to visitors', async () => {
    const { bId } = await pair();
    const visitor = new TestClient(server.baseUrl);
    expect((await visitor.request('PUT', `/api/follows/${bId}`)).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/follows/${bId}`)).status).toBe(401);
  });

  describe('followers and following lists', () => {
    let bob: TestClient;
    let aliceId: string;
    let bobId: string;
    beforeAll(async () => {
      const a = await signedInMember(server, { name: 'Alice Wall' });
      const b = await signedInMember(server, { name: 'Bob Visitor' });
      bob = b.client;
      aliceId = a.me.id;
      bobId = b.me.id;
    });

    it('hides followers and following lists from others when followers_visible is off', async () => {
      const dan = await signedInMember(server, { name: 'Dan Private' });
      await bob.request('PUT', `/api/follows/${dan.me.id}`);
      await dan.client.request('PUT', `/api/follows/${aliceId}`);
      expect((await bob.get(`/api/profiles/${dan.me.id}/followers`)).body.profiles).toEqual([
        expect.objectContaining({ id: bobId, full_name: 'Bob Visitor' }),
      ]);

      await db()
        .updateTable('profiles')
        .set({ followers_visible: false })
        .where('id', '=', dan.me.id)
        .execute();
      for (const list of ['followers', 'following']) {
        const hidden = await bob.get(`/api/profiles/${dan.me.id}/${list}`);
        expect(hidden.status).toBe(403);
        expect(hidden.body.error.message).toBe('This member keeps their followers list private.');
        expect((await dan.client.get(`/api/profiles/${dan.me.id}/${list}`)).status).toBe(200);
      }
      const page = (await bob.get(`/api/profiles/by-username/${dan.me.profile.username}`)).body;
      expect(page).toMatchObject({ followers_visible: false, followers_count: 1, following_count: 1 });
    });

    it('pages a followers list', async () => {
      const star = await signedInMember(server, { name: 'Star Member' });
      const fans = [];
      for (let i = 0; i < 3; i += 1) {
        const fan = await signedInMember(server);
        await fan.client.request('PUT', `/api/follows/${star.me.id}`);
        fans.push(fan.me.id);
      }
      const first = await bob.get(`/api/profiles/${star.me.id}/followers?limit=2`);
      expect(first.body.profiles.map((p: { id: string }) => p.id)).toEqual([fans[2], fans[1]]);
      const rest = await bob.get(
        `/api/profiles/${star.me.id}/followers?limit=2&before=${first.body.next_cursor}`,
      );
      expect(rest.body).toEqual({ profiles: [expect.objectContaining({ id: fans[0] })], next_cursor: null });
    });

    it('leaves out of another member’s lists those the viewer blocked and those who blocked the viewer', async () => {
      const star = await signedInMember(server, { name: 'Sky Star' });
      const viewer = await signedInMember(server, { name: 'Val Viewer' });
      const blockedByViewer = await signedInMember(server, { name: 'Bart Blocked' });
      const blockingViewer = await signedInMember(server, { name: 'Bea Blocking' });
      const plain = await signedInMember(server, { name: 'Pat Plain' });
      const everyone = [viewer, blockedByViewer, blockingViewer, plain];
      // Each follows the star and the star follows each back: both lists hold all four.
      for (const m of everyone) {
        await m.client.request('PUT', `/api/follows/${star.me.id}`);
        await star.client.request('PUT', `/api/follows/${m.me.id}`);
      }
      expect((await viewer.client.request('PUT', `/api/blocks/${blockedByViewer.me.id}`)).status).toBe(200);
      expect((await blockingViewer.client.request('PUT', `/api/blocks/${viewer.me.id}`)).status).toBe(200);

      const names = async (who: typeof viewer, list: string, query = '') =>
        (await who.client.get(`/api/profiles/${star.me.id}/${list}${query}`)).body.profiles.map(
          (p: { full_name: string }) => p.full_name,
        );
      for (const list of ['followers', 'following']) {
        expect(await names(viewer, list)).toEqual(['Pat Plain', 'Val Viewer']);
        // Both blocked sides: neither sees the viewer in the star's lists.
        expect(await names(blockedByViewer, list)).toEqual(['Pat Plain', 'Bea Blocking', 'Bart Blocked']);
        expect(await names(blockingViewer, list)).toEqual(['Pat Plain', 'Bea Blocking', 'Bart Blocked']);
        // A bystander (and the star) sees all four.
        expect(await names(plain, list)).toEqual(['Pat Plain', 'Bea Blocking', 'Bart Blocked', 'Val Viewer']);
        expect(await names(star, list)).toHaveLength(4);
        // Paging skips the hidden members without losing anyone.
        const first = await viewer.client.get(`/api/profiles/${star.me.id}/${list}?limit=1`);
        expect(first.body.profiles.map((p: { full_name: string }) => p.full_name)).toEqual(['Pat Plain']);
        expect(await names(viewer, list, `?limit=1&before=${first.body.next_cursor}`)).toEqual([
          'Val Viewer',
        ]);
      }
    });
  });
});
