import { listFeed } from '@server/queries/posts.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { askTestPrayer } from '@server/test/prayer.ts';
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
  const ask = async (who: GroupTestMember, fields: Record<string, unknown>) =>
    (await askTestPrayer(who, fields)).id;
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
      const read = await listFeed(server.built.ctx.database.db, viewer.id, { category: 'prayer' });
      expect(kept).toEqual(read.posts.map((p) => p.id));
    }
  });

  it('lets any viewer hide one request from their own feeds and group page, and bring it back', async () => {
    const author = await member('Hide Author');
    const hider = await member('Hide Hider');
    const other = await member('Hide Other');
    const group = await createTestGroup(author, { name: 'Hidden Prayers', privacy: 'public' });
    for (const m of [hider, other]) await m.client.post(`/api/groups/${group.slug}/join`);
    const request = await ask(author, { content: 'Anonymous, to be hidden', anonymous: true });
    const inGroup = await ask(author, {
      content: 'In the group, anonymous',
      anonymous: true,
      group_id: group.id,
    });
    const keep = await ask(author, { content: 'Anonymous, kept', anonymous: true });
    const prayerTab = async (m: GroupTestMember) =>
      (
        (await m.client.get(`/api/groups/${group.slug}/posts?category=prayer`)).body.posts as Array<{
          id: string;
        }>
      ).map((p) => p.id);
    for (const id of [request, inGroup]) {
      const hid = await hider.client.request('PUT', `/api/posts/${id}/hidden`);
      expect(hid.status).toBe(200);
      expect(hid.body).toEqual({ hidden: true });
    }
    // Twice changes nothing more.
    expect((await hider.client.request('PUT', `/api/posts/${request}/hidden`)).body).toEqual({
      hidden: true,
    });
    expect(await meets(hider, request)).toEqual({ page: 200, prayer: false, home: false });
    expect(await meets(hider, keep)).toEqual(everywhere);
    expect(await prayerTab(hider)).not.toContain(inGroup);
    // Nobody else is touched, the author is not told, and the kept page agrees with the database's.
    expect(await meets(other, request)).toEqual(everywhere);
    expect(await prayerTab(other)).toContain(inGroup);
    const kept = (await hider.client.get('/api/posts?category=prayer')).body.posts.map(
      (p: { id: string }) => p.id,
    );
    const read = await listFeed(server.built.ctx.database.db, hider.id, { category: 'prayer' });
    expect(kept).toEqual(read.posts.map((p) => p.id));
    // Back again.
    expect((await hider.client.request('DELETE', `/api/posts/${request}/hidden`)).body).toEqual({
      hidden: false,
    });
    expect(await meets(hider, request)).toEqual(everywhere);
    // What the viewer may not see cannot be hidden; nor can a post that does not exist.
    const secret = await ask(author, { content: 'Only me', visibility: 'only_me' });
    expect((await hider.client.request('PUT', `/api/posts/${secret}/hidden`)).status).toBe(404);
    expect(
      (await hider.client.request('PUT', '/api/posts/00000000-0000-7000-8000-000000000000/hidden')).status,
    ).toBe(404);
    expect((await hider.client.request('PUT', '/api/posts/not-an-id/hidden')).status).toBe(404);
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
