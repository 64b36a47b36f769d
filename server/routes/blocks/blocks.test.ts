import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Member = { client: TestClient; id: string; username: string };

describe.each(dialects)('blocks and mutes (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const member = async (name: string): Promise<Member> => {
    const { client, me } = await signedInMember(server, { name });
    return { client, id: me.id, username: me.profile.username };
  };
  const post = async (m: Member, content: string, category = 'general') => {
    const res = await m.client.post('/api/posts', { content, category });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const feedIds = async (m: Member, query = '') =>
    ((await m.client.get(`/api/posts${query}`)).body.posts as Array<{ id: string }>).map((p) => p.id);
  const block = (a: Member, b: Member) => a.client.request('PUT', `/api/blocks/${b.id}`);
  const message = (from: Member, to: Member) =>
    from.client.post(`/api/conversations/with/${to.id}/messages`, {
      content: 'hello',
      client_id: crypto.randomUUID(),
    });

  // Each is missing to the other, as on the profile page: the same 404 as for a member or post that
  // does not exist (it was a 403 with a block sentence, which told the blocked member of the block).
  it('refuses every interaction both ways as with a missing member or post (404)', async () => {
    const a = await member('Ada Blocker');
    const b = await member('Ben Blocked');
    const aPost = await post(a, 'a post by Ada');
    const bPost = await post(b, 'a post by Ben');
    expect((await block(a, b)).body).toEqual({ blocked: true });

    for (const [me, other, theirPost] of [
      [a, b, bPost],
      [b, a, aPost],
    ] as const) {
      const follow = await me.client.request('PUT', `/api/follows/${other.id}`);
      expect(follow.status).toBe(404);
      expect(follow.body.error.message).toBe('User not found');
      const sent = await message(me, other);
      expect(sent.status).toBe(404);
      expect(sent.body.error.message).toBe('This member does not exist any more.');
      const wall = await me.client.post(`/api/profiles/${other.id}/wall`, { content: 'hi' });
      expect(wall.status).toBe(404);
      expect(wall.body.error.message).toBe('User not found');
      const comment = await me.client.post(`/api/posts/${theirPost}/comments`, { content: 'hi' });
      expect(comment.status).toBe(404);
      expect(comment.body.error.message).toBe('Post not found');
      const like = await me.client.request('PUT', `/api/posts/${theirPost}/like`);
      expect(like.status).toBe(404);
      expect(like.body.error.message).toBe('Post not found');
      const prayed = await me.client.request('PUT', `/api/posts/${theirPost}/prayed`);
      expect(prayed.status).toBe(404);
    }
    expect(await db().selectFrom('messages').selectAll().execute()).toHaveLength(0);
    expect(await db().selectFrom('pending_posts').selectAll().execute()).toHaveLength(0);
  });

  it('hides profile, posts, comments, search and trending both ways', async () => {
    const a = await member('Cara Hider');
    const b = await member('Dan Hidden');
    const c = await member('Eve Bystander');
    const aPost = await post(a, 'Cara writes');
    const bPost = await post(b, 'Dan writes');
    const cPost = await post(c, 'Eve writes');
    await a.client.post(`/api/posts/${cPost}/comments`, { content: 'Cara comments' });
    await b.client.post(`/api/posts/${cPost}/comments`, { content: 'Dan comments' });
    await a.client.request('PUT', `/api/posts/${cPost}/like`);
    await block(b, a);

    for (const [me, other, theirPost, mine] of [
      [a, b, bPost, aPost],
      [b, a, aPost, bPost],
    ] as const) {
      const profile = await me.client.get(`/api/profiles/by-username/${other.username}`);
      expect(profile.status).toBe(404);
      expect(profile.body.error.message).toBe('User not found');
      expect((await me.client.get(`/api/profiles/${other.id}/posts`)).status).toBe(404);
      expect((await me.client.get(`/api/profiles/${other.id}/followers`)).status).toBe(404);
      expect((await me.client.get(`/api/posts/${theirPost}`)).status).toBe(404);
      expect((await me.client.get(`/api/posts/${theirPost}/comments`)).status).toBe(404);
      const feed = await feedIds(me);
      expect(feed).not.toContain(theirPost);
      expect(feed).toContain(mine);
      expect(feed).toContain(cPost);
      const comments = (await me.client.get(`/api/posts/${cPost}/comments`)).body.comments;
      expect(comments.map((x: { user_id: string }) => x.user_id)).not.toContain(other.id);
      const search = (await me.client.get(`/api/profiles/search?q=${other.username}`)).body.profiles;
      expect(search).toEqual([]);
    }
    const trendingOfB = (await b.client.get('/api/posts/trending')).body.posts.map((p: any) => p.id);
    expect(trendingOfB).toContain(cPost);
    await c.client.request('PUT', `/api/posts/${aPost}/like`);
    const trendingOfC = (await c.client.get('/api/posts/trending')).body.posts.map((p: any) => p.id);
    expect(trendingOfC).toContain(aPost);
    const trendingOfB2 = (await b.client.get('/api/posts/trending')).body.posts.map((p: any) => p.id);
    expect(trendingOfB2).not.toContain(aPost);
    // A bystander still sees both.
    expect(await feedIds(c)).toEqual(expect.arrayContaining([aPost, bPost]));
    expect((await c.client.get(`/api/posts/${cPost}/comments`)).body.comments).toHaveLength(2);
  });

  it('ends follows and friendships both ways in the block, and unblocking does not bring them back', async () => {
    const a = await member('Fay Friend');
    const b = await member('Gus Friend');
    await a.client.request('PUT', `/api/follows/${b.id}`);
    await b.client.request('PUT', `/api/follows/${a.id}`);
    expect((await b.client.post(`/api/friend-requests/${a.id}/accept`)).status).toBe(204);
    const between = (table: 'follows' | 'friendships') => {
      const [x, y] =
        table === 'follows'
          ? (['follower_id', 'following_id'] as const)
          : (['user_id', 'friend_id'] as const);
      return db()
        .selectFrom(table)
        .select(x)
        .where((eb) =>
          eb.or([eb.and([eb(x, '=', a.id), eb(y, '=', b.id)]), eb.and([eb(x, '=', b.id), eb(y, '=', a.id)])]),
        )
        .execute();
    };
    expect(await between('follows')).toHaveLength(2);
    expect(await between('friendships')).toHaveLength(2);
    await block(a, b);
    expect(await between('follows')).toHaveLength(0);
    expect(await between('friendships')).toHaveLength(0);

    expect((await a.client.request('DELETE', `/api/blocks/${b.id}`)).body).toEqual({ blocked: false });
    const profile = await b.client.get(`/api/profiles/by-username/${a.username}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ i_follow: false, friendship: 'none', followers_count: 0 });
    expect(await between('follows')).toHaveLength(0);
    const aPost = await post(a, 'back again');
    expect(await feedIds(b)).toContain(aPost);
    expect((await b.client.request('PUT', `/api/follows/${a.id}`)).status).toBe(200);
  });

  it('deletes the pending wall posts between the two in the block, with their uploads', async () => {
    const a = await member('Oli Owner');
    const b = await member('Pia Poster');
    const c = await member('Quin Bystander');
    const photo = await uploadPhoto(server, b.client);
    const onA = await b.client.post(`/api/profiles/${a.id}/wall`, {
      content: 'on your wall',
      media_id: photo.id,
    });
    const onB = await a.client.post(`/api/profiles/${b.id}/wall`, { content: 'and on yours' });
    const fromC = await c.client.post(`/api/profiles/${a.id}/wall`, { content: 'from a friend' });
    for (const written of [onA, onB, fromC]) expect(written.body.status).toBe('pending');
    const photoFile = path.join(server.dataDir, 'media', ...photo.url.replace('/media/', '').split('/'));
    expect(existsSync(photoFile)).toBe(true);
    const pendingIds = (who: Member) =>
      who.client
        .get('/api/profiles/me/pending')
        .then((res) => res.body.pending_posts.map((p: { id: string }) => p.id).sort());
    expect(await pendingIds(a)).toEqual([onA.body.pending_post.id, fromC.body.pending_post.id].sort());

    await block(a, b);
    // Both ways: what the blocked member wrote on the blocker's wall, and the other way round.
    expect(await pendingIds(a)).toEqual([fromC.body.pending_post.id]);
    expect(await pendingIds(b)).toEqual([]);
    const approve = await a.client.post(`/api/pending-posts/${onA.body.pending_post.id}/approve`);
    expect(approve.status).toBe(404);
    expect((await b.client.get(`/api/pending-posts/${onA.body.pending_post.id}`)).status).toBe(404);
    expect((await a.client.get(`/api/pending-posts/${onB.body.pending_post.id}`)).status).toBe(404);
    expect(await db().selectFrom('posts').select('id').where('user_id', '=', b.id).execute()).toEqual([]);
    // The upload went with its post, row and file, as a reject releases it.
    expect(await db().selectFrom('media_objects').select('id').where('id', '=', photo.id).execute()).toEqual(
      [],
    );
    expect(existsSync(photoFile)).toBe(false);
    // The bystander's post still waits, and the owner can still publish it.
    const published = await a.client.post(`/api/pending-posts/${fromC.body.pending_post.id}/approve`);
    expect(published.status).toBeLessThan(300);
  });

  it('withdraws pending requests on block and writes no notification between them while blocked', async () => {
    const a = await member('Hal Quiet');
    const b = await member('Ivy Quiet');
    const aPost = await post(a, 'Hal posts');
    await b.client.request('PUT', `/api/follows/${a.id}`);
    await b.client.request('PUT', `/api/posts/${aPost}/like`);
    const toA = () =>
      db()
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', a.id)
        .where('from_user_id', '=', b.id)
        .execute();
    expect(await toA()).toHaveLength(2);
    await block(a, b);
    expect(await toA()).toHaveLength(0);
    expect((await a.client.post(`/api/friend-requests/${b.id}/accept`)).status).toBe(404);
    expect((await a.client.get('/api/notifications')).body.notifications).toEqual([]);
    // Even a write that skips the refusals (a command called directly) notifies nobody.
    const { notify } = await import('@server/commands/notifications.ts');
    await server.built.ctx.database.db.transaction().execute(async (trx) => {
      const after = { notificationsChanged: () => {} } as any;
      expect(
        await notify(trx, after, { userId: a.id, fromUserId: b.id, type: 'like', postId: aPost }),
      ).toBeNull();
    });
    expect(await toA()).toHaveLength(0);
  });

  it('mute hides the muted member’s posts from the muter’s feeds only, silently', async () => {
    const a = await member('Jo Muter');
    const b = await member('Kim Muted');
    const bPost = await post(b, 'Kim prays', 'prayer');
    await a.client.request('PUT', `/api/follows/${b.id}`);
    const notificationsOfB = (await b.client.get('/api/notifications')).body.notifications.length;
    expect((await a.client.request('PUT', `/api/mutes/${b.id}`)).body).toEqual({ muted: true });
    expect((await a.client.request('PUT', `/api/mutes/${b.id}`)).body).toEqual({ muted: true });
    expect(await feedIds(a)).not.toContain(bPost);
    expect(await feedIds(a, '?category=prayer')).not.toContain(bPost);
    // Still reachable: the profile, its posts, the post page; and the follow stays.
    expect((await a.client.get(`/api/profiles/by-username/${b.username}`)).body.i_follow).toBe(true);
    const wall = (await a.client.get(`/api/profiles/${b.id}/posts`)).body.posts.map((p: any) => p.id);
    expect(wall).toContain(bPost);
    expect((await a.client.get(`/api/posts/${bPost}`)).status).toBe(200);
    // The muted member sees everything and hears nothing.
    const aPost = await post(a, 'Jo writes');
    expect(await feedIds(b)).toContain(aPost);
    expect((await b.client.get('/api/notifications')).body.notifications).toHaveLength(notificationsOfB);
    expect((await b.client.post(`/api/posts/${aPost}/comments`, { content: 'hi' })).status).toBe(201);
    expect((await a.client.request('DELETE', `/api/mutes/${b.id}`)).body).toEqual({ muted: false });
    expect(await feedIds(a)).toContain(bPost);
  });

  it('lists blocked and muted accounts, newest first, and refuses bad ids', async () => {
    const a = await member('Lee Lister');
    const b = await member('Max Listed');
    const c = await member('Ned Listed');
    expect((await a.client.get('/api/blocks')).body).toEqual({ members: [] });
    await block(a, b);
    await block(a, b);
    await block(a, c);
    await a.client.request('PUT', `/api/mutes/${c.id}`);
    const blocks = (await a.client.get('/api/blocks')).body.members;
    expect(blocks.map((m: any) => m.id).sort()).toEqual([b.id, c.id].sort());
    expect(blocks[0]).toEqual({
      id: expect.any(String),
      username: expect.any(String),
      full_name: expect.any(String),
      avatar_url: null,
      created_at: expect.any(String),
    });
    expect((await a.client.get('/api/mutes')).body.members).toEqual([
      expect.objectContaining({ id: c.id, username: c.username, full_name: 'Ned Listed' }),
    ]);
    // Lists are the viewer's own: the blocked member sees nothing of it.
    expect((await b.client.get('/api/blocks')).body).toEqual({ members: [] });

    expect((await a.client.request('PUT', `/api/blocks/${a.id}`)).status).toBe(400);
    expect((await a.client.request('PUT', `/api/mutes/${a.id}`)).body.error.message).toBe(
      'You cannot mute yourself.',
    );
    expect((await a.client.request('PUT', '/api/blocks/0190aaaa-0000-7000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await a.client.request('PUT', '/api/mutes/not%20an%20id')).status).toBe(404);
    expect(
      (await a.client.request('DELETE', '/api/blocks/0190aaaa-0000-7000-8000-000000000000')).status,
    ).toBe(404);
    // DELETE twice is fine; B cannot lift A's block.
    await b.client.request('DELETE', `/api/blocks/${a.id}`);
    expect((await b.client.get(`/api/profiles/by-username/${a.username}`)).status).toBe(404);
    expect((await a.client.request('DELETE', `/api/blocks/${c.id}`)).status).toBe(200);
    expect((await a.client.request('DELETE', `/api/blocks/${c.id}`)).body).toEqual({ blocked: false });
  });

  it('is for members only', async () => {
    const visitor = new (await import('@server/test/harness.ts')).TestClient(server.baseUrl);
    expect((await visitor.get('/api/blocks')).status).toBe(401);
    expect((await visitor.get('/api/mutes')).status).toBe(401);
    expect((await visitor.request('PUT', '/api/blocks/0190aaaa-0000-7000-8000-000000000000')).status).toBe(
      401,
    );
    expect((await visitor.request('DELETE', '/api/mutes/0190aaaa-0000-7000-8000-000000000000')).status).toBe(
      401,
    );
  });
});
