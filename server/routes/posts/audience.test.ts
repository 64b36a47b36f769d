import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, GENEROUS_AUTH_LIMITS, startTestServer, type TestServer } from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { notificationsOf } from '@server/test/prayer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// 'Who can see this' on every post (issue 51): 'Everyone', or the author's accepted friends alone.
describe.each(dialects)('friends-only posts (%s)', (dialect) => {
  let server: TestServer;
  let author: GroupTestMember;
  let friend: GroupTestMember;
  let stranger: GroupTestMember;
  let follower: GroupTestMember;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    [author, friend, stranger, follower] = await Promise.all([
      groupTestMember(server, 'Fay Author'),
      groupTestMember(server, 'Fred Friend'),
      groupTestMember(server, 'Sue Stranger'),
      groupTestMember(server, 'Flo Follower'),
    ]);
    // A follow sends a friend request; accepting it makes them friends. Flo's request waits.
    expect((await author.client.request('PUT', `/api/follows/${friend.id}`)).status).toBe(200);
    expect((await friend.client.post(`/api/friend-requests/${author.id}/accept`, {})).status).toBe(204);
    expect((await follower.client.request('PUT', `/api/follows/${author.id}`)).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Where `who` finds the post: its page, the home and comedy feeds, the author's profile. */
  async function whereSeen(who: GroupTestMember, id: string) {
    const [post, home, comedy, profile] = await Promise.all([
      who.client.get(`/api/posts/${id}`),
      who.client.get('/api/posts'),
      who.client.get('/api/posts?category=comedy'),
      who.client.get(`/api/profiles/${author.id}/posts`),
    ]);
    const inList = (res: { body: { posts: Array<{ id: string }> } }) =>
      res.body.posts.some((p) => p.id === id);
    return { post: post.status, home: inList(home), comedy: inList(comedy), profile: inList(profile) };
  }
  const everywhere = { post: 200, home: true, comedy: true, profile: true };
  const nowhere = { post: 404, home: false, comedy: false, profile: false };

  it('shows a friends-only post to accepted friends alone, in every list and on its page', async () => {
    const post = await makePost(author.client, {
      content: 'Open mic notes, friends only',
      category: 'comedy',
      visibility: 'friends',
    });
    expect(post.visibility).toBe('friends');
    expect(await whereSeen(author, post.id)).toEqual(everywhere);
    expect(await whereSeen(friend, post.id)).toEqual(everywhere);
    expect(await whereSeen(stranger, post.id)).toEqual(nowhere);
    // Following is not friendship until the request is accepted.
    expect(await whereSeen(follower, post.id)).toEqual(nowhere);
    const open = await makePost(author.client, { content: 'For everyone', category: 'comedy' });
    expect(open.visibility).toBe('everyone');
    expect(await whereSeen(stranger, open.id)).toEqual(everywhere);
  });

  it('lets only those who see it act on it, and no one share it onward', async () => {
    const post = await makePost(author.client, { content: 'Family news', visibility: 'friends' });
    for (const [method, path, body] of [
      ['PUT', `/api/posts/${post.id}/like`, undefined],
      ['POST', `/api/posts/${post.id}/comments`, { content: 'Hello' }],
      ['GET', `/api/posts/${post.id}/comments`, undefined],
      ['PUT', `/api/posts/${post.id}/bookmark`, undefined],
      ['POST', `/api/posts/${post.id}/shares`, undefined],
    ] as const) {
      const res = await stranger.client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await friend.client.request('PUT', `/api/posts/${post.id}/like`)).status).toBe(200);
    expect(
      (await friend.client.post(`/api/posts/${post.id}/comments`, { content: 'Congrats!' })).status,
    ).toBe(201);
    const types = (await notificationsOf(author)).filter((n) => n.post_id === post.id).map((n) => n.type);
    expect(types.sort()).toEqual(['comment', 'like']);
    for (const who of [friend, author]) {
      const share = await who.client.post(`/api/posts/${post.id}/shares`);
      expect(share.status).toBe(400);
      expect(share.body.error).toMatchObject({
        code: 'post_not_shareable',
        message: "Only its author's friends can see this post: it can't be shared onward.",
      });
    }
    expect((await author.client.get(`/api/posts/${post.id}`)).body.share_count).toBe(0);
    // A visitor's link preview of it finds nothing to show.
    const page = await fetch(`${server.baseUrl}/post/${post.id}`);
    expect(await page.text()).not.toContain('Family news');
  });

  it('tells the followers of an everyone post, never of a friends-only one', async () => {
    const before = (await notificationsOf(follower)).length;
    await makePost(author.client, { content: 'Only for friends', visibility: 'friends' });
    expect((await notificationsOf(follower)).length).toBe(before);
  });

  it('refuses audiences a post cannot have, writing nothing', async () => {
    const group = await createTestGroup(author, { name: 'Comedy writers', privacy: 'public' });
    const count = async () =>
      (await server.built.ctx.database.db.selectFrom('posts').select('id').execute()).length;
    const before = await count();
    for (const [body, code] of [
      [{ content: 'x', visibility: 'only_me' }, 'post_audience_invalid'],
      [{ content: 'x', visibility: 'group' }, 'post_audience_invalid'],
      [{ content: 'x', category: 'food', visibility: 'nobody' }, 'prayer_visibility_invalid'],
      [{ content: 'x', visibility: 'friends', group_id: group.id }, 'post_audience_in_group'],
      [{ content: 'x', anonymous: true }, 'prayer_fields_not_prayer'],
    ] as const) {
      const res = await author.client.post('/api/posts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code, JSON.stringify(body)).toBe(code);
    }
    expect(await count()).toBe(before);
  });
});
