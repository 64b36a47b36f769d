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

describe.each(dialects)('bookmarks (%s)', (dialect) => {
  let server: TestServer;
  let ann: GroupTestMember;
  let ben: GroupTestMember;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    ann = await groupTestMember(server, 'Ann Saver');
    ben = await groupTestMember(server, 'Ben Writer');
  });
  afterAll(async () => {
    await server.close();
  });

  const save = (who: GroupTestMember, id: string) => who.client.request('PUT', `/api/posts/${id}/bookmark`);
  const unsave = (who: GroupTestMember, id: string) =>
    who.client.request('DELETE', `/api/posts/${id}/bookmark`);
  const listed = async (who: GroupTestMember, query = '') => {
    const res = await who.client.get(`/api/bookmarks${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as {
      posts: Array<{ id: string; bookmarked_by_me: boolean }>;
      next_cursor: string | null;
    };
  };
  const ids = async (who: GroupTestMember, query = '') => (await listed(who, query)).posts.map((p) => p.id);

  it('saves a post for the member alone, shows it everywhere the post shows, and removes it', async () => {
    const post = await makePost(ben.client, { content: 'Sourdough starter, day one' });
    expect(post.bookmarked_by_me).toBe(false);
    expect((await save(ann, post.id)).body).toEqual({ bookmarked_by_me: true });
    // Saving twice keeps one bookmark.
    expect((await save(ann, post.id)).body).toEqual({ bookmarked_by_me: true });
    expect(await ids(ann)).toEqual([post.id]);
    expect((await ann.client.get(`/api/posts/${post.id}`)).body.bookmarked_by_me).toBe(true);
    // The home feed's first page (kept for every viewer alike) carries Ann's mark, and nobody else's.
    const annFeed = (await ann.client.get('/api/posts')).body.posts;
    expect(annFeed.find((p: { id: string }) => p.id === post.id)?.bookmarked_by_me).toBe(true);
    const benFeed = (await ben.client.get('/api/posts')).body.posts;
    expect(benFeed.find((p: { id: string }) => p.id === post.id)?.bookmarked_by_me).toBe(false);
    expect((await ben.client.get(`/api/posts/${post.id}`)).body.bookmarked_by_me).toBe(false);
    // Ben's list is his own: empty.
    expect(await ids(ben)).toEqual([]);

    expect((await unsave(ann, post.id)).body).toEqual({ bookmarked_by_me: false });
    expect((await unsave(ann, post.id)).body).toEqual({ bookmarked_by_me: false });
    expect(await ids(ann)).toEqual([]);
    const after = (await ann.client.get('/api/posts')).body.posts;
    expect(after.find((p: { id: string }) => p.id === post.id)?.bookmarked_by_me).toBe(false);
  });

  it('lists the newest saved first, a page at a time', async () => {
    const reader = await groupTestMember(server, 'Rita Reader');
    const first = await makePost(ben.client, { content: 'Written first' });
    const second = await makePost(ben.client, { content: 'Written second' });
    const third = await makePost(ben.client, { content: 'Written third' });
    // Saved in another order than written: the list follows the saving (a millisecond apart at least:
    // two saved within the same one list by the post, newest written first).
    for (const post of [second, first, third]) {
      expect((await save(reader, post.id)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    expect(await ids(reader)).toEqual([third.id, first.id, second.id]);
    const page1 = await listed(reader, '?limit=2');
    expect(page1.posts.map((p) => p.id)).toEqual([third.id, first.id]);
    expect(page1.posts.every((p) => p.bookmarked_by_me)).toBe(true);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = await listed(reader, `?limit=2&before=${encodeURIComponent(page1.next_cursor!)}`);
    expect(page2).toEqual({ posts: [expect.objectContaining({ id: second.id })], next_cursor: null });
  });

  it('refuses a post the member may not see, and bad input, changing nothing', async () => {
    const owner = await groupTestMember(server, 'Olga Owner');
    const closed = await createTestGroup(owner, { name: 'Closed supper club', privacy: 'private' });
    const inside = await makePost(owner.client, { content: 'Members only', group_id: closed.id });
    const res = await save(ann, inside.id);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('post_not_found');
    expect((await save(owner, inside.id)).status).toBe(200);
    expect(await ids(ann)).toEqual([]);
    // No such post, and ids that cannot be one.
    expect((await save(ann, crypto.randomUUID())).status).toBe(404);
    expect((await save(ann, 'not-an-id')).status).toBe(404);
    expect((await save(ann, '%00')).status).toBe(404);
    for (const query of ['?limit=0', '?limit=abc', '?limit=1000', '?before=garbage', '?colour=red']) {
      const bad = await ann.client.get(`/api/bookmarks${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.message, query).toEqual(expect.any(String));
    }
    const visitor = await new TestClient(server.baseUrl).get('/api/bookmarks');
    expect(visitor.status).toBe(401);
  });

  it('leaves out a saved post the member can no longer see, and shows it again when they can', async () => {
    const saver = await groupTestMember(server, 'Sam Saver');
    const writer = await groupTestMember(server, 'Wendy Writer');
    const post = await makePost(writer.client, { content: 'Grace before supper' });
    expect((await save(saver, post.id)).status).toBe(200);
    expect(await ids(saver)).toEqual([post.id]);
    expect((await writer.client.request('PUT', `/api/blocks/${saver.id}`)).status).toBe(200);
    expect(await ids(saver)).toEqual([]);
    // Nor can the blocked member take the bookmark off a post hidden from them.
    expect((await unsave(saver, post.id)).status).toBe(404);
    expect((await writer.client.request('DELETE', `/api/blocks/${saver.id}`)).status).toBe(200);
    expect(await ids(saver)).toEqual([post.id]);
    // A deleted post leaves every list it was saved in.
    expect((await writer.client.request('DELETE', `/api/posts/${post.id}`)).status).toBe(204);
    expect(await ids(saver)).toEqual([]);
  });
});
