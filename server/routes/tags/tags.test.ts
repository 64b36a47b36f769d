import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('hashtags (%s)', (dialect) => {
  let server: TestServer;
  let ann: GroupTestMember;
  let ben: GroupTestMember;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    ann = await groupTestMember(server, 'Ann Baker');
    ben = await groupTestMember(server, 'Ben Reader');
  });
  afterAll(async () => {
    await server.close();
  });

  const tagIds = async (who: GroupTestMember, tag: string, query = '') => {
    const res = await who.client.get(`/api/tags/${encodeURIComponent(tag)}/posts${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.posts as Array<{ id: string }>).map((p) => p.id);
  };

  it("lists a tag's posts newest first, whatever case it was written in, and follows edits", async () => {
    const first = await makePost(ann.client, { content: 'Day one of the #Sourdough starter' });
    const second = await makePost(ben.client, { content: '#sourdough #rye, second loaf', category: 'food' });
    const other = await makePost(ann.client, { content: 'No tags, just C# and page#top' });
    expect(await tagIds(ben, 'sourdough')).toEqual([second.id, first.id]);
    expect(await tagIds(ben, 'SourDough')).toEqual([second.id, first.id]);
    expect(await tagIds(ann, 'rye')).toEqual([second.id]);
    expect((await ann.client.get('/api/tags/SOURDOUGH')).body).toEqual({
      name: 'sourdough',
      following: false,
    });
    // An edit takes a tag away and gives another.
    const edited = await ann.client.request('PATCH', `/api/posts/${first.id}`, {
      content: 'Day one #levain',
    });
    expect(edited.status).toBe(200);
    expect(await tagIds(ben, 'sourdough')).toEqual([second.id]);
    expect(await tagIds(ben, 'levain')).toEqual([first.id]);
    expect(await tagIds(ben, 'c')).not.toContain(other.id);
    // Paging by keyset.
    await makePost(ann.client, { content: 'Third #rye' });
    const page1 = (await ben.client.get('/api/tags/rye/posts?limit=1')).body;
    expect(page1.posts).toHaveLength(1);
    const page2 = (
      await ben.client.get(`/api/tags/rye/posts?limit=1&before=${encodeURIComponent(page1.next_cursor)}`)
    ).body;
    expect(page2.posts.map((p: { id: string }) => p.id)).toEqual([second.id]);
    expect(page2.next_cursor).toBeNull();
  });

  it('shows only the posts the viewer may see', async () => {
    const cara = await groupTestMember(server, 'Cara Outsider');
    const tag = `eastervigil${dialect}`;
    const open = await makePost(ann.client, { content: `Open #${tag}` });
    const friendsOnly = await makePost(ann.client, { content: `Friends #${tag}`, visibility: 'friends' });
    const closed = await createTestGroup(ann, { name: `Vigil planners ${dialect}`, privacy: 'private' });
    const inGroup = await makePost(ann.client, { content: `Group #${tag}`, group_id: closed.id });
    expect(await tagIds(ann, tag)).toEqual([inGroup.id, friendsOnly.id, open.id]);
    expect(await tagIds(cara, tag)).toEqual([open.id]);
    // Blocked and muted authors leave the page as they leave the feeds.
    expect((await cara.client.request('PUT', `/api/mutes/${ann.id}`)).status).toBe(200);
    expect(await tagIds(cara, tag)).toEqual([]);
    expect((await cara.client.request('DELETE', `/api/mutes/${ann.id}`)).status).toBe(200);
    expect((await ann.client.request('PUT', `/api/blocks/${cara.id}`)).status).toBe(200);
    expect(await tagIds(cara, tag)).toEqual([]);
    expect((await ann.client.request('DELETE', `/api/blocks/${cara.id}`)).status).toBe(200);
    expect(await tagIds(cara, tag)).toEqual([open.id]);
  });

  it('follows and unfollows a tag, each member their own', async () => {
    const follow = await ann.client.request('PUT', '/api/tags/Pentecost/follow');
    expect(follow.body).toEqual({ following: true });
    expect((await ann.client.request('PUT', '/api/tags/pentecost/follow')).body).toEqual({ following: true });
    await ann.client.request('PUT', '/api/tags/advent/follow');
    expect((await ann.client.get('/api/tags/followed')).body).toEqual({
      tags: [{ name: 'advent' }, { name: 'pentecost' }],
    });
    expect((await ann.client.get('/api/tags/pentecost')).body.following).toBe(true);
    expect((await ben.client.get('/api/tags/pentecost')).body.following).toBe(false);
    expect((await ben.client.get('/api/tags/followed')).body).toEqual({ tags: [] });
    expect((await ann.client.request('DELETE', '/api/tags/PENTECOST/follow')).body).toEqual({
      following: false,
    });
    expect((await ann.client.get('/api/tags/followed')).body).toEqual({ tags: [{ name: 'advent' }] });
  });

  it('refuses what cannot be a tag, and visitors', async () => {
    // Past 100 characters the router refuses the path itself (414), with a message.
    const long = await ann.client.get(`/api/tags/${'a'.repeat(101)}/posts`);
    expect(long.status).toBe(414);
    expect(long.body.error.message).toEqual(expect.any(String));
    for (const bad of ['2026', 'two%20words', '%00', 'semi%3Bcolon', '%23hash', '%F0%9F%8D%9E']) {
      for (const path of [`/api/tags/${bad}`, `/api/tags/${bad}/posts`]) {
        const res = await ann.client.get(path);
        expect(res.status, path).toBe(400);
        expect(res.body.error.code, path).toBe('tag_invalid');
      }
      expect((await ann.client.request('PUT', `/api/tags/${bad}/follow`)).status).toBe(400);
    }
    expect((await ann.client.get('/api/tags/followed')).body.tags).not.toContainEqual({ name: '2026' });
    for (const query of ['?limit=0', '?before=nope', '?sort=old']) {
      expect((await ann.client.get(`/api/tags/rye/posts${query}`)).status, query).toBe(400);
    }
    const visitor = new TestClient(server.baseUrl);
    expect((await visitor.get('/api/tags/rye/posts')).status).toBe(401);
    expect((await visitor.request('PUT', '/api/tags/rye/follow')).status).toBe(401);
  });

  it("puts the day's tags used by the most members in Trending Now, counting only posts for everyone", async () => {
    const members = await Promise.all(
      ['Tia', 'Tom', 'Ted'].map((name) => groupTestMember(server, `${name} ${dialect}`)),
    );
    const many = `supperclub${dialect}`;
    const few = `potluck${dialect}`;
    for (const m of members) await makePost(m.client, { content: `Tonight #${many}` });
    // One member three times counts once; friends-only and group posts are not counted.
    for (let i = 0; i < 3; i += 1) await makePost(ann.client, { content: `Again #${few}` });
    await makePost(members[0]!.client, { content: `Me too #${few}` });
    await makePost(ben.client, { content: `Quiet #${few}`, visibility: 'friends' });
    const group = await createTestGroup(ben, { name: `Potluck planners ${dialect}`, privacy: 'public' });
    await makePost(ben.client, { content: `In the group #${few}`, group_id: group.id });
    const trending = (await ben.client.get('/api/posts/trending')).body.tags as Array<{
      name: string;
      members: number;
    }>;
    const mine = trending.filter((tag) => tag.name === many || tag.name === few);
    expect(mine).toEqual([
      { name: many, members: 3 },
      { name: few, members: 2 },
    ]);
  });
});
