import { openDatabase } from '@server/db/database.ts';
import { groupFirstPage, listGroupPosts } from '@server/queries/groups.ts';
import { newestPage } from '@server/queries/newestPage.ts';
import { listFeed } from '@server/queries/posts.ts';
import { goLive, makeCircle } from '@server/test/circles.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { makePost, type PostFields } from '@server/test/posts.ts';
import { connected, connectSocket } from '@server/test/sockets.ts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Groups (issue 25): what reaches whom — notifications, the feeds' and the group page's first pages
 * (cut from the posts a node keeps, equal to the database's), a group's circles and realtime events.
 * Creating, joining and the admins' tools are in groups.test.ts.
 */
describe.each(dialects)('what groups reach (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  type Member = GroupTestMember;
  const member = (name: string): Promise<Member> => groupTestMember(server, name);
  const create = createTestGroup;

  it('tells admins of requests, members of approvals, invitations, roles and (by their setting) posts', async () => {
    const owner = await member('No Owner');
    const asker = await member('No Asker');
    const quiet = await member('No Quiet');
    const outsider = await member('No Outsider');
    const group = await create(owner, { name: 'Notified Group', privacy: 'private' });
    const at = `/api/groups/${group.slug}`;
    const bell = async (m: Member) =>
      (await m.client.get('/api/notifications')).body.notifications as Array<{
        type: string;
        group: { slug: string; name: string } | null;
        post_id: string | null;
        from: { id: string } | null;
      }>;
    await asker.client.post(`${at}/join`);
    expect((await bell(owner))[0]).toMatchObject({
      type: 'group_request',
      group: { slug: group.slug, name: 'Notified Group' },
      from: { id: asker.id },
    });
    await owner.client.request('POST', `${at}/requests/${asker.id}`);
    expect((await bell(owner)).map((n) => n.type)).not.toContain('group_request');
    expect((await bell(asker))[0]).toMatchObject({ type: 'group_approved', group: { slug: group.slug } });
    await owner.client.post(`${at}/invitations`, { username: quiet.username });
    expect((await bell(quiet))[0]).toMatchObject({ type: 'group_invite', group: { slug: group.slug } });
    await quiet.client.post(`${at}/join`);
    expect((await quiet.client.request('PUT', `${at}/notify`, { notify: 'off' })).body.viewer.notify).toBe(
      'off',
    );
    await owner.client.request('PUT', `${at}/members/${asker.id}`, { role: 'admin' });
    expect((await bell(asker))[0]).toMatchObject({ type: 'group_role' });

    const post = await makePost(asker.client, { content: 'News for the group', group_id: group.id });
    expect((await bell(owner))[0]).toMatchObject({
      type: 'group_post',
      post_id: post.id,
      group: { slug: group.slug },
    });
    expect((await bell(quiet)).map((n) => n.type)).not.toContain('group_post');
    expect(await bell(outsider)).toEqual([]);
  });
  it("cuts a group's first page from the posts it keeps: the same page as the database's, and fresh", async () => {
    const owner = await member('Cu Owner');
    const blocker = await member('Cu Blocker');
    const muter = await member('Cu Muter');
    const group = await create(owner, { name: 'Cut Pages', privacy: 'public' });
    for (const m of [blocker, muter]) await m.client.post(`/api/groups/${group.slug}/join`);
    const made = [];
    for (const [m, fields] of [
      [owner, { content: 'One "quoted" <b>' }],
      [blocker, { content: 'From the blocker' }],
      [muter, { category: 'prayer', prayer_type: 'praise', content: 'Praise' }],
      [owner, { content: 'Two' }],
      [muter, { content: 'From the muter' }],
    ] as const) {
      made.push(await makePost(m.client, { ...fields, group_id: group.id }));
    }
    await blocker.client.request('PUT', `/api/blocks/${owner.id}`);
    await owner.client.request('PUT', `/api/mutes/${muter.id}`);
    await muter.client.request('PUT', `/api/posts/${made[0].id}/like`);
    await muter.client.request('PUT', `/api/posts/${made[2].id}/prayed`);
    await owner.client.request('PUT', `/api/groups/${group.slug}/pin`, { post_id: made[3].id });
    const db = server.built.ctx.database.db;
    const row = await db
      .selectFrom('groups')
      .selectAll()
      .where('id', '=', group.id)
      .executeTakeFirstOrThrow();
    for (const who of [owner, blocker, muter]) {
      for (const category of [undefined, 'prayer'] as const) {
        for (const limit of [1, 2, 20]) {
          const expected = JSON.parse(
            JSON.stringify(await listGroupPosts(db, who.id, row, { category, limit })),
          );
          const cut = await groupFirstPage(db, who.id, row, { category, limit });
          expect(cut).not.toBeNull();
          expect(JSON.parse(cut!)).toEqual(expected);
          const query = `?limit=${limit}${category ? `&category=${category}` : ''}`;
          expect((await who.client.get(`/api/groups/${group.slug}/posts${query}`)).body).toEqual(expected);
        }
      }
    }
    // The blocker sees nothing of the owner's, the pinned post included; the muted member's show.
    const blocked = (await blocker.client.get(`/api/groups/${group.slug}/posts`)).body;
    expect(blocked.pinned).toBeNull();
    expect(blocked.posts.map((p: { author: { id: string } }) => p.author.id)).not.toContain(owner.id);
    const muted = (await owner.client.get(`/api/groups/${group.slug}/posts`)).body;
    expect(muted.pinned.id).toBe(made[3].id);
    expect(muted.posts.map((p: { id: string }) => p.id)).toContain(made[4].id);
    // A new post shows at once.
    const fresh = await makePost(muter.client, { content: 'Just now', group_id: group.id });
    expect((await owner.client.get(`/api/groups/${group.slug}/posts`)).body.posts[0].id).toBe(fresh.id);

    // A like taken back on this node shows at once on another node's page, whose kept posts are the
    // same (the owner's like keeps the count above 0) but whose kept marks of the muter are not.
    const likedId: string = made[0].id;
    expect((await owner.client.request('PUT', `/api/posts/${likedId}/like`)).status).toBe(200);
    const other = openDatabase({ databaseUrl: server.built.ctx.config.databaseUrl, dataDir: server.dataDir });
    try {
      const likedOn = async () => {
        const cut = JSON.parse((await groupFirstPage(other.db, muter.id, row, { limit: 20 }))!);
        return cut.posts.find((p: { id: string }) => p.id === likedId)?.liked_by_me;
      };
      expect(await likedOn()).toBe(true);
      expect((await muter.client.request('DELETE', `/api/posts/${likedId}/like`)).status).toBe(200);
      expect(await likedOn()).toBe(false);
    } finally {
      await other.destroy();
    }
  });
  it("merges a member's groups' newest posts into their feeds' first page: the page the database reads", async () => {
    const reader = await member('Mg Reader');
    const writer = await member('Mg Writer');
    const hidden = await member('Mg Hidden');
    const groupsMade = [
      await create(writer, { name: 'Merge One', privacy: 'private' }),
      await create(writer, { name: 'Merge Two', privacy: 'public' }),
      await create(writer, { name: 'Merge Elsewhere', privacy: 'public' }),
    ];
    for (const g of groupsMade.slice(0, 2)) {
      await writer.client.post(`/api/groups/${g.slug}/invitations`, { username: reader.username });
      await reader.client.post(`/api/groups/${g.slug}/join`);
      await writer.client.post(`/api/groups/${g.slug}/invitations`, { username: hidden.username });
      await hidden.client.post(`/api/groups/${g.slug}/join`);
    }
    const made = [];
    for (let i = 0; i < 12; i += 1) {
      const author = i % 4 === 3 ? hidden : writer;
      const group = i % 3 === 0 ? null : groupsMade[(i % 3) - 1];
      const fields: PostFields =
        i % 5 === 0 ? { category: 'prayer', prayer_type: 'petition' } : { category: 'food' };
      made.push(await makePost(author.client, { ...fields, ...(group ? { group_id: group.id } : {}) }));
    }
    await makePost(writer.client, { content: 'Not theirs', group_id: groupsMade[2]!.id });
    await reader.client.request('PUT', `/api/mutes/${hidden.id}`);
    await reader.client.request('PUT', `/api/posts/${made[1].id}/like`);
    await reader.client.request('PUT', `/api/posts/${made[2].id}/like`);
    const db = server.built.ctx.database.db;
    for (const category of [undefined, 'prayer', 'food'] as const) {
      for (const limit of [1, 2, 5, 20]) {
        const expected = JSON.parse(JSON.stringify(await listFeed(db, reader.id, { category, limit })));
        const cut = await newestPage(db, reader.id, category, limit);
        expect(cut, `${category} ${limit}`).not.toBeNull();
        expect(JSON.parse(cut!)).toEqual(expected);
      }
    }
    const home = (await reader.client.get('/api/posts')).body.posts as Array<{ id: string; group: unknown }>;
    expect(home.some((p) => p.group !== null)).toBe(true);
    expect(home.map((p) => p.id)).not.toContain(made[3].id);
    // Thirty newer posts in one of their groups by the member they mute: still the database's page.
    const at = Date.now() + 1;
    await db
      .insertInto('posts')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          id: uuidv7(),
          user_id: hidden.id,
          category: 'food' as const,
          content: `Muted ${i}`,
          media_type: 'none' as const,
          group_id: groupsMade[0]!.id,
          created_at: new Date(at + i).toISOString(),
          updated_at: new Date(at + i).toISOString(),
        })),
      )
      .execute();
    const expected = JSON.parse(JSON.stringify(await listFeed(db, reader.id, { limit: 20 })));
    const cutAfter = await newestPage(db, reader.id, undefined, 20);
    expect(cutAfter).not.toBeNull();
    expect(JSON.parse(cutAfter!)).toEqual(expected);
    expect((await reader.client.get('/api/posts')).body).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at + 40 - Date.now())));
  });
  it("keeps a group's circle to its members: listed, found, joined and announced to them only", async () => {
    const host = await member('Ci Host');
    const inside = await member('Ci Inside');
    const follower = await member('Ci Follower');
    const group = await create(host, { name: 'Circle Group', privacy: 'public' });
    await inside.client.post(`/api/groups/${group.slug}/join`);
    await follower.client.request('PUT', `/api/follows/${host.id}`);
    const refused = await follower.client.post('/api/circles', {
      title: 'Not mine',
      faith: 'Christianity',
      group_id: group.id,
    });
    expect(refused.status).toBe(403);
    const circle = await makeCircle(host.client, { group_id: group.id, join_by_blessing: false });
    expect(circle.group).toEqual({ id: group.id, slug: group.slug, name: 'Circle Group' });
    await goLive(host.client, circle.id);
    const live = async (m: Member) =>
      ((await m.client.get('/api/circles/live')).body as Array<{ id: string }>).map((c) => c.id);
    expect(await live(inside)).toContain(circle.id);
    expect(await live(follower)).not.toContain(circle.id);
    expect((await follower.client.get(`/api/circles/${circle.id}`)).status).toBe(404);
    expect((await follower.client.post(`/api/circles/${circle.id}/join`)).status).toBe(404);
    expect((await inside.client.get(`/api/circles/${circle.id}`)).status).toBe(200);
    expect((await inside.client.post(`/api/circles/${circle.id}/join`)).status).toBe(200);
    const bellOf = async (m: Member) =>
      ((await m.client.get('/api/notifications')).body.notifications as Array<{ type: string }>).map(
        (n) => n.type,
      );
    expect(await bellOf(inside)).toContain('circle_live');
    expect(await bellOf(follower)).not.toContain('circle_live');
  });
  it("tells the members' open tabs of a new post in their group, and nobody else's", async () => {
    const author = await member('Rt Author');
    const inside = await member('Rt Inside');
    const outside = await member('Rt Outside');
    const group = await create(author, { name: 'Realtime Group', privacy: 'public' });
    await inside.client.post(`/api/groups/${group.slug}/join`);
    const [insideTab, outsideTab, authorTab] = [inside, outside, author].map((m) =>
      connectSocket(server, m.client),
    );
    try {
      await Promise.all([insideTab, outsideTab, authorTab].map((tab) => connected(tab!)));
      const heard: Record<string, unknown[]> = { inside: [], outside: [], author: [] };
      insideTab!.on('group:post', (change) => heard.inside!.push(change));
      outsideTab!.on('group:post', (change) => heard.outside!.push(change));
      authorTab!.on('group:post', (change) => heard.author!.push(change));
      const told = new Promise((resolve) => insideTab!.once('group:post', resolve));
      const post = await makePost(author.client, {
        category: 'prayer',
        prayer_type: 'praise',
        group_id: group.id,
      });
      expect(await told).toEqual({ group_id: group.id, post_id: post.id, prayer: true });
      await makePost(outside.client, { content: 'Not in a group' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard.outside).toEqual([]);
      expect(heard.author).toEqual([]);
      expect(heard.inside).toHaveLength(1);
    } finally {
      for (const tab of [insideTab, outsideTab, authorTab]) tab!.disconnect();
    }
  });
});
