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

// Post search (issue 51): every word, whole, newest first, only posts the viewer may see; the Tags tab by the start of a tag.
describe.each(dialects)('search (%s)', (dialect) => {
  let server: TestServer;
  let ann: GroupTestMember;
  let ben: GroupTestMember;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    [ann, ben] = await Promise.all([
      groupTestMember(server, 'Ann Author'),
      groupTestMember(server, 'Ben Reader'),
    ]);
  });
  afterAll(async () => {
    await server.close();
  });

  let words = 0;
  /** A word no other test wrote. */
  const word = (stem: string) => {
    words += 1;
    return `${stem}${words}x${dialect.slice(0, 2)}`;
  };
  const found = async (who: GroupTestMember, q: string, extra = '') => {
    const res = await who.client.get(`/api/search/posts?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { posts: Array<{ id: string; content: string }>; next_cursor: string | null };
  };
  const ids = async (who: GroupTestMember, q: string) => (await found(who, q)).posts.map((p) => p.id);

  it('finds posts with every word, whole, in any case, newest first, a page at a time', async () => {
    const bread = word('sourdough');
    const oven = word('oven');
    const first = await makePost(ann.client, { content: `My ${bread} starter, day one` });
    const second = await makePost(ann.client, {
      content: `${bread.toUpperCase()} loaf from the ${oven}`,
      category: 'food',
    });
    const third = await makePost(ben.client, { content: `Borrowed ${bread} from Ann, still in the ${oven}` });
    await makePost(ann.client, { content: 'Nothing to do with bread' });
    expect(await ids(ben, bread)).toEqual([third.id, second.id, first.id]);
    expect(await ids(ben, `${bread} ${oven}`)).toEqual([third.id, second.id]);
    // Words are whole: the start of one finds nothing.
    expect(await ids(ben, `${bread} ${oven.slice(0, 3)}`)).toEqual([]);
    expect(await ids(ben, `${bread.slice(0, 5)} ${oven}`)).toEqual([]);
    const page1 = await found(ben, bread, '&limit=2');
    expect(page1.posts.map((p) => p.id)).toEqual([third.id, second.id]);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = await found(ben, bread, `&limit=2&before=${encodeURIComponent(page1.next_cursor!)}`);
    expect(page2).toEqual({ posts: [expect.objectContaining({ id: first.id })], next_cursor: null });
  });

  it('follows edits and deletions', async () => {
    const before = word('vigil');
    const after = word('lantern');
    const post = await makePost(ann.client, { content: `Easter ${before} tonight` });
    expect(await ids(ben, before)).toEqual([post.id]);
    expect(
      (await ann.client.request('PATCH', `/api/posts/${post.id}`, { content: `Easter ${after} tonight` }))
        .status,
    ).toBe(200);
    expect(await ids(ben, before)).toEqual([]);
    expect(await ids(ben, after)).toEqual([post.id]);
    expect((await ann.client.request('DELETE', `/api/posts/${post.id}`)).status).toBe(204);
    expect(await ids(ben, after)).toEqual([]);
  });

  it('finds only what the viewer may see: friends-only, a closed group, blocked and muted authors', async () => {
    const [writer, friend, stranger, muter, blocker] = await Promise.all([
      groupTestMember(server, 'Wren Writer'),
      groupTestMember(server, 'Fern Friend'),
      groupTestMember(server, 'Sid Stranger'),
      groupTestMember(server, 'Mae Muter'),
      groupTestMember(server, 'Bo Blocker'),
    ]);
    expect((await writer.client.request('PUT', `/api/follows/${friend.id}`)).status).toBe(200);
    expect((await friend.client.post(`/api/friend-requests/${writer.id}/accept`, {})).status).toBe(204);
    expect((await muter.client.request('PUT', `/api/mutes/${writer.id}`)).status).toBe(200);
    expect((await blocker.client.request('PUT', `/api/blocks/${writer.id}`)).status).toBe(200);
    const secret = word('potluck');
    const open = await makePost(writer.client, { content: `Open ${secret}` });
    const friends = await makePost(writer.client, { content: `Friends ${secret}`, visibility: 'friends' });
    const group = await createTestGroup(writer, { name: `Quiet table ${words}`, privacy: 'private' });
    const inside = await makePost(writer.client, { content: `Members ${secret}`, group_id: group.id });
    expect(await ids(writer, secret)).toEqual([inside.id, friends.id, open.id]);
    expect(await ids(friend, secret)).toEqual([friends.id, open.id]);
    expect(await ids(stranger, secret)).toEqual([open.id]);
    expect(await ids(muter, secret)).toEqual([]);
    expect(await ids(blocker, secret)).toEqual([]);
  });

  it('reads any text as words: no query syntax, and nothing to find in punctuation alone', async () => {
    const plain = word('hymn');
    const post = await makePost(ann.client, { content: `Sing the ${plain}, "loudly"` });
    for (const q of [`"${plain}"`, `${plain}*`, `(${plain})`, `-${plain}`, `${plain}:*`, `${plain} &`]) {
      expect(await ids(ben, q), q).toEqual([post.id]);
    }
    for (const q of ['"', '*', ')(', 'NEAR(', "'; drop table posts; --", '&|!:*', '   ...   ']) {
      const res = await found(ben, q);
      expect(res.posts, q).toEqual(expect.any(Array));
    }
    expect(await ids(ben, '"')).toEqual([]);
    // 'or' and 'and' are words like any other, not operators.
    expect(await ids(ben, `${plain} or`)).toEqual([]);
  });

  it('refuses bad input with a 400 and a visitor with a 401', async () => {
    for (const query of [
      '',
      '?q=',
      '?q=%20%20',
      `?q=${'a'.repeat(101)}`,
      '?q=a%00b',
      '?q=bread&before=garbage',
      `?q=bread&before=${Buffer.from('s:abc').toString('base64url')}`,
      '?q=bread&limit=0',
      '?q=bread&limit=1000',
      '?q=bread&colour=red',
    ]) {
      const res = await ben.client.get(`/api/search/posts${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toEqual(expect.any(String));
    }
    for (const query of ['', '?q=', '?q=a&b=c']) {
      expect((await ben.client.get(`/api/search/tags${query}`)).status, query).toBe(400);
    }
    const visitor = new TestClient(server.baseUrl);
    expect((await visitor.get('/api/search/posts?q=bread')).status).toBe(401);
    expect((await visitor.get('/api/search/tags?q=bread')).status).toBe(401);
  });

  it('finds tags by their start, most used first, counting only posts every member may see', async () => {
    const stem = word('supperclub');
    await makePost(ann.client, { content: `#${stem}a one` });
    await makePost(ben.client, { content: `#${stem}a two` });
    await makePost(ann.client, { content: `#${stem}b three` });
    await makePost(ann.client, { content: `#${stem}c hidden`, visibility: 'friends' });
    const res = await ben.client.get(`/api/search/tags?q=${encodeURIComponent(`#${stem.toUpperCase()}`)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tags: [
        { name: `${stem}a`, posts: 2 },
        { name: `${stem}b`, posts: 1 },
      ],
    });
    // '_' and '%' are no wildcards.
    expect((await ben.client.get('/api/search/tags?q=%25')).body).toEqual({ tags: [] });
    expect((await ben.client.get(`/api/search/tags?q=${stem.slice(0, 3)}_`)).body).toEqual({ tags: [] });
  });
});
