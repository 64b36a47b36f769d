import { forgetKept } from '@server/queries/kept.ts';
import { listFeed } from '@server/queries/posts.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Anonymous prayer requests stay anonymous (issue 49): whether a viewer is shown one must not depend on
 * the viewer's mutes and blocks of its author, or muting members one by one and watching a request go
 * would name its author. The author's own block of a member still keeps their requests from that member
 * (prayerRequests.test.ts: a protection the viewer cannot set off). A request with its author's name
 * follows the viewer's lists (the control), and the feeds cut from kept posts agree with the database's.
 */
describe.each(dialects)('an anonymous request and the viewer’s blocks and mutes (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });
  const member = (name: string) => groupTestMember(server, name);
  const ask = async (who: GroupTestMember, fields: Record<string, unknown>) => {
    const res = await who.client.post('/api/posts', {
      category: 'prayer',
      prayer_type: 'intercession',
      ...fields,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  /** Where the viewer meets the request: its page, the prayer and home feeds, and 'I prayed'. */
  async function meets(viewer: GroupTestMember, id: string) {
    const [page, prayer, home] = await Promise.all([
      viewer.client.get(`/api/posts/${id}`),
      viewer.client.get('/api/posts?category=prayer'),
      viewer.client.get('/api/posts'),
    ]);
    const has = (res: { body: { posts: Array<{ id: string }> } }) => res.body.posts.some((p) => p.id === id);
    return { page: page.status, prayer: has(prayer), home: has(home) };
  }
  const everywhere = { page: 200, prayer: true, home: true };
  const nowhere = { page: 404, prayer: false, home: false };

  it('shows it whatever the viewer muted or blocked, while a named request follows its author', async () => {
    const author = await member('Anon Author');
    const muter = await member('Anon Muter');
    const blocker = await member('Anon Blocker');
    const blockedByAuthor = await member('Anon Shut Out');
    const anonymous = await ask(author, { content: 'Pray for my marriage', anonymous: true });
    const named = await ask(author, { content: 'Pray for my exams' });
    for (const viewer of [muter, blocker, blockedByAuthor]) {
      expect(await meets(viewer, anonymous)).toEqual(everywhere);
      expect(await meets(viewer, named)).toEqual(everywhere);
    }
    expect((await muter.client.request('PUT', `/api/mutes/${author.id}`)).status).toBe(200);
    expect((await blocker.client.request('PUT', `/api/blocks/${author.id}`)).status).toBe(200);
    expect((await author.client.request('PUT', `/api/blocks/${blockedByAuthor.id}`)).status).toBe(200);

    // The mute takes the named request off the feeds only; the blocks take it away entirely.
    expect(await meets(muter, named)).toEqual({ page: 200, prayer: false, home: false });
    expect(await meets(blocker, named)).toEqual(nowhere);
    expect(await meets(blockedByAuthor, named)).toEqual(nowhere);
    // The author's block keeps even the anonymous one from the member it shut out.
    expect(await meets(blockedByAuthor, anonymous)).toEqual(nowhere);
    // For the muter and the blocker it stays, exactly as it was: nothing tells them who wrote it.
    for (const viewer of [muter, blocker]) {
      expect(await meets(viewer, anonymous)).toEqual(everywhere);
      const page = (await viewer.client.get(`/api/posts/${anonymous}`)).body;
      expect(page.author.full_name).toBe('A member');
      expect(JSON.stringify(page)).not.toContain(author.id);
      expect((await viewer.client.request('PUT', `/api/posts/${anonymous}/prayed`)).status).toBe(200);
      const report = await viewer.client.post('/api/reports', {
        target_type: 'post',
        target_id: anonymous,
        reason: 'spam',
      });
      expect(report.status).toBe(201);
    }
    // The database's page and the page cut from the posts a node keeps agree, for each of them.
    for (const viewer of [muter, blocker, blockedByAuthor]) {
      const kept = (await viewer.client.get('/api/posts?category=prayer')).body.posts.map(
        (p: { id: string }) => p.id,
      );
      forgetKept(server.built.ctx.database.db);
      const read = await listFeed(server.built.ctx.database.db, viewer.id, { category: 'prayer' });
      expect(kept).toEqual(read.posts.map((p) => p.id));
    }
  });

  it("shows a group's anonymous request to its members whatever they muted, on the group's Prayer tab", async () => {
    const author = await member('Gan Author');
    const muter = await member('Gan Muter');
    const group = await createTestGroup(author, { name: 'Anonymous Circle', privacy: 'private' });
    await muter.client.post(`/api/groups/${group.slug}/join`);
    await author.client.request('POST', `/api/groups/${group.slug}/requests/${muter.id}`);
    const id = await ask(author, {
      content: 'For the group alone',
      anonymous: true,
      visibility: 'group',
      group_id: group.id,
    });
    const tab = async () =>
      (
        (await muter.client.get(`/api/groups/${group.slug}/posts?category=prayer`)).body.posts as Array<{
          id: string;
        }>
      ).map((p) => p.id);
    expect(await tab()).toContain(id);
    await muter.client.request('PUT', `/api/blocks/${author.id}`);
    expect(await tab()).toContain(id);
    expect((await muter.client.get(`/api/posts/${id}`)).status).toBe(200);
  });
});
