import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, GENEROUS_AUTH_LIMITS, startTestServer, type TestServer } from '@server/test/harness.ts';
import { notificationsOf, SEEN_EVERYWHERE, SEEN_NOWHERE, whereSeen } from '@server/test/prayer.ts';
import { connected, connectSocket } from '@server/test/sockets.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Prayer requests from asked to answered (issue 27): who sees a request over every route, anonymity in
 * every answer that could carry the author, urgent, updates, answers, the prayer list and expiry.
 */
describe.each(dialects)('prayer requests (%s)', (dialect) => {
  let server: TestServer;
  let author: GroupTestMember;
  let friend: GroupTestMember;
  let stranger: GroupTestMember;
  let teammate: GroupTestMember;
  let group: { id: string; slug: string };
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS, {
      webIndexHtml: '<!doctype html><html><head><title>Splikz</title></head><body></body></html>',
    });
    [author, friend, stranger, teammate] = await Promise.all([
      groupTestMember(server, 'Ana Asker'),
      groupTestMember(server, 'Fred Friend'),
      groupTestMember(server, 'Sam Stranger'),
      groupTestMember(server, 'Tia Teammate'),
    ]);
    // A follow sends a friend request; accepting it makes them friends.
    expect((await author.client.request('PUT', `/api/follows/${friend.id}`)).status).toBe(200);
    expect((await friend.client.post(`/api/friend-requests/${author.id}/accept`, {})).status).toBe(204);
    group = await createTestGroup(author, { name: 'Prayer Team', privacy: 'private' });
    await author.client.post(`/api/groups/${group.slug}/invitations`, { username: teammate.username });
    expect((await teammate.client.post(`/api/groups/${group.slug}/join`, {})).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  const ask = async (fields: Record<string, unknown>, who = author) => {
    const res = await who.client.post('/api/posts', {
      category: 'prayer',
      prayer_type: 'intercession',
      content: 'Please pray',
      ...fields,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as {
      id: string;
      author: { id: string; full_name: string };
      prayer: Record<string, unknown>;
    };
  };
  const sees = (who: GroupTestMember, id: string) => whereSeen(who, author.id, id);
  const all = SEEN_EVERYWHERE;
  const none = SEEN_NOWHERE;
  const notifications = notificationsOf;

  it('shows each audience to its members only, on every route', async () => {
    const everyone = await ask({ content: 'For everyone', visibility: 'everyone' });
    const friends = await ask({ content: 'For friends', visibility: 'friends' });
    const onlyMe = await ask({ content: 'My journal', visibility: 'only_me' });
    const inGroup = await ask({ content: 'For the team', group_id: group.id, visibility: 'group' });
    expect(everyone.prayer).toMatchObject({ visibility: 'everyone', anonymous: false, urgent: false });
    expect(inGroup.prayer).toMatchObject({ visibility: 'group' });

    expect(await sees(friend, everyone.id)).toEqual(all);
    expect(await sees(stranger, everyone.id)).toEqual(all);
    expect(await sees(friend, friends.id)).toEqual(all);
    expect(await sees(stranger, friends.id)).toEqual(none);
    expect(await sees(teammate, friends.id)).toEqual(none);
    expect(await sees(author, onlyMe.id)).toEqual(all);
    for (const other of [friend, stranger, teammate]) expect(await sees(other, onlyMe.id)).toEqual(none);
    expect((await sees(teammate, inGroup.id)).post).toBe(true);
    expect((await sees(teammate, inGroup.id)).prayer).toBe(true);
    expect(await sees(stranger, inGroup.id)).toEqual(none);
    expect(await sees(friend, inGroup.id)).toEqual(none);

    // Nobody outside the audience can act on it either: it does not exist for them.
    for (const [path, method] of [
      [`/api/posts/${friends.id}/prayed`, 'PUT'],
      [`/api/prayer/list/${friends.id}`, 'PUT'],
      [`/api/posts/${friends.id}/updates`, 'GET'],
      [`/api/posts/${friends.id}/comments`, 'GET'],
    ] as const) {
      expect((await stranger.client.request(method, path)).status, path).toBe(404);
    }
    expect((await friend.client.request('PUT', `/api/posts/${friends.id}/prayed`)).status).toBe(200);

    // A visitor's link preview names no text of a request for fewer readers.
    const page = await fetch(`${server.baseUrl}/post/${friends.id}`);
    expect(await page.text()).not.toContain('For friends');
    const open = await fetch(`${server.baseUrl}/post/${everyone.id}`);
    expect(await open.text()).toContain('For everyone');

    // The journal holds them all, for the author only.
    const journal = await author.client.get('/api/prayer/journal');
    const ids = (journal.body.posts as Array<{ id: string }>).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([everyone.id, friends.id, onlyMe.id, inGroup.id]));
    const theirs = await stranger.client.get('/api/prayer/journal');
    expect((theirs.body.posts as Array<{ id: string }>).map((p) => p.id)).not.toContain(onlyMe.id);
  });

  it('never names the author of an anonymous request to anyone else', async () => {
    const request = await ask({ content: 'Anonymous need', anonymous: true, group_id: group.id });
    expect(request.author.id).toBe(author.id);
    const socket = connectSocket(server, teammate.client);
    await connected(socket);
    const payloads: unknown[] = [];
    socket.onAny((_event, ...args) => payloads.push(args));
    try {
      const seen = await teammate.client.get(`/api/posts/${request.id}`);
      expect(seen.body.author).toEqual({ id: '', username: '', full_name: 'A member', avatar_url: null });
      const feed = await teammate.client.get('/api/posts?category=prayer');
      const inFeed = (feed.body.posts as Array<{ id: string; author: { id: string } }>).find(
        (p) => p.id === request.id,
      );
      expect(inFeed?.author.id).toBe('');
      const groupPage = await teammate.client.get(`/api/groups/${group.slug}/posts?category=prayer`);
      const onPage = (groupPage.body.posts as Array<{ id: string }>).find((p) => p.id === request.id);
      expect(JSON.stringify(onPage)).not.toContain(author.id);
      // Nor does the link preview, for a member or a crawler.
      const page = await (await fetch(`${server.baseUrl}/post/${request.id}`)).text();
      expect(page).not.toContain('Ana Asker');
      // Not on the author's profile for anyone else, so no list of theirs gives them away.
      const profile = await teammate.client.get(`/api/profiles/${author.id}/posts`);
      expect((profile.body.posts as Array<{ id: string }>).map((p) => p.id)).not.toContain(request.id);
      // The group's bell line names nobody.
      const line = (await notifications(teammate)).find(
        (n) => n.type === 'group_post' && n.post_id === request.id,
      );
      expect(line?.from).toBeNull();
      // The author's own comments under it are 'A member''s too.
      await author.client.post(`/api/posts/${request.id}/comments`, { content: 'Thank you all' });
      const comments = await teammate.client.get(`/api/posts/${request.id}/comments`);
      expect(comments.body.comments).toMatchObject([
        { content: 'Thank you all', author: { id: '', full_name: 'A member' } },
      ]);
      expect((await author.client.get(`/api/posts/${request.id}/comments`)).body.comments[0].author.id).toBe(
        author.id,
      );
      // The author still sees themselves.
      expect((await author.client.get(`/api/posts/${request.id}`)).body.author.id).toBe(author.id);
      // Updates and answers name nobody either.
      await teammate.client.request('PUT', `/api/posts/${request.id}/prayed`);
      expect(
        (await author.client.post(`/api/posts/${request.id}/updates`, { content: 'Surgery went well' }))
          .status,
      ).toBe(201);
      await author.client.post(`/api/posts/${request.id}/answered`, { testimony: 'Healed!' });
      const told = (await notifications(teammate)).filter((n) => n.post_id === request.id);
      expect(told.map((n) => n.type).sort()).toEqual(['group_post', 'prayer_answered', 'prayer_update']);
      for (const n of told) expect(n.from).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(payloads).toContainEqual([{ post_id: request.id }]);
      expect(JSON.stringify(payloads)).not.toContain(author.id);
      // Nor do the spotlight, trending or the other member's data export.
      const exported = await teammate.client.get('/api/settings/data');
      const aboutIt = JSON.stringify(exported.body)
        .split('},{')
        .filter((row) => row.includes(request.id));
      expect(aboutIt.length).toBeGreaterThan(0);
      for (const row of aboutIt) expect(row).not.toContain(author.id);
    } finally {
      socket.disconnect();
    }
  });

  it('names an anonymous request’s author to site admins and the group’s admins only', async () => {
    const admin = await groupTestMember(server, 'Ada Admin');
    await server.built.ctx.database.db
      .insertInto('user_roles')
      .values({ user_id: admin.id, role: 'admin' })
      .execute();
    const open = await ask({ content: 'Anonymous to all', anonymous: true }, teammate);
    expect((await admin.client.get(`/api/posts/${open.id}`)).body.author.id).toBe(teammate.id);
    expect((await stranger.client.get(`/api/posts/${open.id}`)).body.author.id).toBe('');
    const inGroup = await ask(
      { content: 'Anonymous to the team', anonymous: true, group_id: group.id },
      teammate,
    );
    // The author owns the group: its admin sees who asked on the request's page, not in lists.
    expect((await author.client.get(`/api/posts/${inGroup.id}`)).body.author.id).toBe(teammate.id);
    const feed = await author.client.get('/api/posts?category=prayer');
    const listed = (feed.body.posts as Array<{ id: string; author: { id: string } }>).find(
      (p) => p.id === inGroup.id,
    );
    expect(listed?.author.id).toBe('');
  });

  it('keeps blocks and reports working on an anonymous request', async () => {
    const blocker = await groupTestMember(server, 'Bo Blocker');
    const request = await ask({ content: 'Anonymous, but blocks hold', anonymous: true }, blocker);
    expect((await stranger.client.get(`/api/posts/${request.id}`)).status).toBe(200);
    const report = await stranger.client.post('/api/reports', {
      target_type: 'post',
      target_id: request.id,
      reason: 'spam',
    });
    expect(report.status).toBe(201);
    expect(JSON.stringify(report.body)).not.toContain(blocker.id);
    expect((await blocker.client.request('PUT', `/api/blocks/${stranger.id}`)).status).toBe(200);
    expect((await stranger.client.get(`/api/posts/${request.id}`)).status).toBe(404);
    const feed = await stranger.client.get('/api/posts?category=prayer');
    expect((feed.body.posts as Array<{ id: string }>).map((p) => p.id)).not.toContain(request.id);
  });

  it('counts only requests for everyone, never anonymous ones, in the spotlight', async () => {
    const { computeSpotlight } = await import('@server/queries/spotlight.ts');
    const quiet = await groupTestMember(server, 'Quinn Quiet');
    const hidden = await ask({ content: 'Anonymous and loved', anonymous: true }, quiet);
    const friendsOnly = await ask({ content: 'For my friends', visibility: 'friends' }, quiet);
    await friend.client.request('PUT', `/api/posts/${hidden.id}/like`);
    await stranger.client.request('PUT', `/api/posts/${hidden.id}/like`);
    await quiet.client.post(`/api/posts/${friendsOnly.id}/comments`, { content: 'Own comment' });
    const ranked = await computeSpotlight(server.built.ctx.database.db);
    expect(JSON.stringify(ranked)).not.toContain(quiet.id);
    const open = await ask({ content: 'For everyone' }, quiet);
    await friend.client.request('PUT', `/api/posts/${open.id}/like`);
    const now = await computeSpotlight(server.built.ctx.database.db);
    expect(JSON.stringify(now)).toContain(quiet.id);
    expect(JSON.stringify(now)).not.toContain('Anonymous and loved');
  });

  it('keeps urgent requests on top of the prayer feed for 48 hours', async () => {
    const urgent = await ask({ content: 'Urgent: accident', urgent: true });
    expect(urgent.prayer.urgent).toBe(true);
    const before = await stranger.client.get('/api/prayer/urgent');
    expect((before.body.posts as Array<{ id: string }>).map((p) => p.id)).toContain(urgent.id);
    await server.built.ctx.database.db
      .updateTable('posts')
      .set({ urgent_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', urgent.id)
      .execute();
    const after = await stranger.client.get('/api/prayer/urgent');
    expect((after.body.posts as Array<{ id: string }>).map((p) => p.id)).not.toContain(urgent.id);
  });

  it('lists requests for prayer, tells followers of updates unless they stopped them, and answers', async () => {
    const request = await ask({ content: 'Job interview Monday' });
    expect((await friend.client.request('PUT', `/api/prayer/list/${request.id}`)).status).toBe(204);
    expect((await stranger.client.request('PUT', `/api/posts/${request.id}/prayed`)).status).toBe(200);
    expect((await author.client.request('PUT', `/api/prayer/list/${request.id}`)).status).toBe(400);
    const list = await friend.client.get('/api/prayer/list');
    expect(list.body.items.map((i: { post: { id: string } }) => i.post.id)).toContain(request.id);

    // Only the author updates or answers.
    expect((await friend.client.post(`/api/posts/${request.id}/updates`, { content: 'x' })).status).toBe(403);
    expect((await friend.client.post(`/api/posts/${request.id}/answered`, {})).status).toBe(403);

    expect(
      (await stranger.client.request('PUT', `/api/posts/${request.id}/prayer/follow`, { following: false }))
        .body,
    ).toEqual({ following: false });
    await author.client.post(`/api/posts/${request.id}/updates`, { content: 'Second round Friday' });
    const updates = await friend.client.get(`/api/posts/${request.id}/updates`);
    expect(updates.body).toMatchObject({ following: true, updates: [{ content: 'Second round Friday' }] });
    expect(
      (await notifications(friend)).filter((n) => n.type === 'prayer_update' && n.post_id === request.id),
    ).toMatchObject([{ from: { id: author.id } }]);
    expect(
      (await notifications(stranger)).filter((n) => n.type === 'prayer_update' && n.post_id === request.id),
    ).toEqual([]);

    const answered = await author.client.post(`/api/posts/${request.id}/answered`, {
      testimony: 'I got the job!',
    });
    expect(answered.body.prayer).toMatchObject({ testimony: 'I got the job!', expires_at: null });
    expect(answered.body.prayer.answered_at).toEqual(expect.any(String));
    expect((await author.client.post(`/api/posts/${request.id}/answered`, {})).status).toBe(409);
    const tab = await stranger.client.get('/api/prayer/answered');
    expect((tab.body.posts as Array<{ id: string }>).map((p) => p.id)).toContain(request.id);
    // Answered requests leave prayer lists and cannot join them again.
    const after = await friend.client.get('/api/prayer/list');
    expect(after.body.items.map((i: { post: { id: string } }) => i.post.id)).not.toContain(request.id);
    expect((await friend.client.request('PUT', `/api/prayer/list/${request.id}`)).status).toBe(409);
    expect(
      (await notifications(friend)).some((n) => n.type === 'prayer_answered' && n.post_id === request.id),
    ).toBe(true);
  });

  it('tells the author of each prayer only when they want to be told', async () => {
    const request = await ask({ content: 'Quiet please' });
    const patched = await author.client.request('PATCH', `/api/posts/${request.id}/prayer`, {
      notify_prayed: false,
    });
    expect(patched.body.prayer.notify_prayed).toBe(false);
    await friend.client.request('PUT', `/api/posts/${request.id}/prayed`);
    expect(
      (await notifications(author)).filter((n) => n.type === 'prayer' && n.post_id === request.id),
    ).toEqual([]);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/api/posts', { content: 'x', category: 'general', urgent: true }, 'prayer_fields_not_prayer'],
      [
        'POST',
        '/api/posts',
        { content: 'x', category: 'prayer', visibility: 'group' },
        'prayer_group_required',
      ],
      [
        'POST',
        '/api/posts',
        { content: 'x', category: 'prayer', visibility: 'public' },
        'prayer_visibility_invalid',
      ],
      [
        'POST',
        '/api/posts',
        { content: 'x', category: 'prayer', expires_after_days: 14 },
        'prayer_expiry_invalid',
      ],
      ['POST', '/api/posts', { content: 'x', category: 'prayer', anonymous: 'yes' }, 'prayer_not_boolean'],
      [
        'POST',
        '/api/posts',
        { content: 'x', category: 'prayer', group_id: '', visibility: 'friends' },
        'too_short',
      ],
      ['PUT', '/api/prayer/reminder', { time: '25:00', time_zone: 'UTC' }, 'reminder_time_invalid'],
      ['PUT', '/api/prayer/reminder', { time: '07:00', time_zone: 'Mars/Base' }, 'reminder_zone_invalid'],
    ];
    for (const [method, path, body, code] of cases) {
      const res = await author.client.request(method, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      if (code !== 'too_short') expect(res.body.error.code).toBe(code);
    }
    const groupFriends = await author.client.post('/api/posts', {
      content: 'x',
      category: 'prayer',
      group_id: group.id,
      visibility: 'friends',
    });
    expect(groupFriends.body.error.code).toBe('prayer_group_is_group');
    const request = await ask({ content: 'Bad input target' });
    const long = await author.client.post(`/api/posts/${request.id}/answered`, {
      testimony: 'x'.repeat(2001),
    });
    expect(long.body.error.code).toBe('prayer_testimony_too_long');
    const nul = await author.client.post(`/api/posts/${request.id}/updates`, { content: 'a\u0000b' });
    expect(nul.status).toBe(400);
    const empty = await author.client.post(`/api/posts/${request.id}/updates`, { content: '   ' });
    expect(empty.body.error.code).toBe('prayer_update_required');
    const general = (await author.client.post('/api/posts', { content: 'Not a prayer' })).body.id;
    expect(
      (await author.client.post(`/api/posts/${general}/updates`, { content: 'x' })).body.error.code,
    ).toBe('prayer_not_request');
    expect((await author.client.request('DELETE', `/api/prayer/list/${request.id}`)).status).toBe(404);
    // Encoded paths, NUL and huge ids are refused before anything is read.
    for (const bad of ['%2e%2e%2fadmin', '%00', 'x'.repeat(5000), '..%5c..']) {
      for (const [method, path] of [
        ['GET', `/api/posts/${bad}/updates`],
        ['PUT', `/api/prayer/list/${bad}`],
        ['POST', `/api/posts/${bad}/renew`],
      ] as const) {
        const res = await author.client.request(method, path, method === 'GET' ? undefined : {});
        expect(res.status, `${method} ${path.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path.slice(0, 40)}`).toBeLessThan(500);
      }
    }
    expect((await author.client.get(`/api/posts/${request.id}/updates`)).body.updates).toEqual([]);
    expect((await author.client.get(`/api/posts/${request.id}`)).body.prayer.answered_at).toBeNull();
  });
});
