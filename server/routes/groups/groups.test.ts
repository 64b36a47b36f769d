import { GROUPS_PER_DAY } from '@common/schemas/groups.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { makePost } from '@server/test/posts.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Groups (issue 25): creating, finding, joining by each privacy, the admins' tools, and above all that a
 * private or secret group's posts and prayer requests reach nobody outside it over any route.
 */
describe.each(dialects)('groups (%s)', (dialect) => {
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

  it('creates a group with an address from its name; its creator is the owner', async () => {
    const owner = await member('Ow Owner');
    const group = await create(owner, {
      name: '  Grace Church — Youth!  ',
      description: 'Fridays at 7',
      privacy: 'public',
    });
    expect(group).toMatchObject({
      slug: 'grace-church-youth',
      name: 'Grace Church — Youth!',
      description: 'Fridays at 7',
      category: 'faith',
      privacy: 'public',
      member_count: 1,
      viewer: { standing: 'member', role: 'owner', notify: 'all' },
    });
    const again = await owner.client.post('/api/groups', {
      name: 'Grace church youth',
      category: 'faith',
      privacy: 'public',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('group_name_taken');
    const list = await owner.client.get('/api/groups');
    expect(list.body.mine.map((g: { slug: string }) => g.slug)).toContain('grace-church-youth');
  });
  it('never tells a creator that a secret group they cannot find holds a name: their group gets its own address', async () => {
    const owner = await member('Sg Owner');
    const outsider = await member('Sg Outsider');
    const secret = await createTestGroup(owner, { name: 'Hidden Vigil', privacy: 'secret' });
    expect(secret.slug).toBe('hidden-vigil');
    const made = await outsider.client.post('/api/groups', {
      name: 'Hidden Vigil',
      category: 'faith',
      privacy: 'public',
    });
    expect(made.status).toBe(201);
    expect(made.body.slug).toMatch(/^hidden-vigil-[0-9a-f]{6}$/);
    expect(made.body.viewer).toMatchObject({ standing: 'member', role: 'owner' });
    // The secret group is untouched, and still not theirs to find.
    expect((await outsider.client.get('/api/groups/hidden-vigil')).status).toBe(404);
    expect((await owner.client.get('/api/groups/hidden-vigil')).body.name).toBe('Hidden Vigil');
    // Its own member, who can find it, is told the name is taken.
    const again = await owner.client.post('/api/groups', {
      name: 'Hidden vigil',
      category: 'faith',
      privacy: 'public',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('group_name_taken');
  });
  it('refuses bad input with a 4xx that says what to fix, and creates nothing', async () => {
    const owner = await member('Ba Bad');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'ab', category: 'faith', privacy: 'public' }, 'group_name_length'],
      [{ name: 'x'.repeat(61), category: 'faith', privacy: 'public' }, 'group_name_length'],
      [{ name: 'Good name', category: 'sports', privacy: 'public' }, 'group_category_invalid'],
      [{ name: 'Good name', category: 'faith', privacy: 'hidden' }, 'group_privacy_invalid'],
      [{ name: 'Nul\u0000name', category: 'faith', privacy: 'public' }, 'text_nul'],
      [
        { name: 'Good name', category: 'faith', privacy: 'public', description: 'd'.repeat(501) },
        'text_too_long',
      ],
      [{ name: 'Good name', category: 'faith', privacy: 'public', extra: 1 }, 'unknown_field'],
    ];
    for (const [body, code] of cases) {
      const res = await owner.client.post('/api/groups', body);
      expect(res.status, code).toBe(400);
      expect(res.body.error.code).toBe(code);
    }
    const video = await owner.client.post('/api/groups', {
      name: 'Cover check',
      category: 'food',
      privacy: 'public',
      cover_media_id: 'no-such-upload',
    });
    expect(video.status).toBe(400);
    expect((await owner.client.get('/api/groups')).body.mine).toEqual([]);
    expect((await owner.client.get('/api/groups/%2e%2e')).status).toBe(404);
    for (const path of ['/api/groups/UPPER', '/api/groups/no-such-group', '/api/groups/a%00b']) {
      const res = await owner.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('group_not_found');
    }
  });
  it('gives a group a cover photo', async () => {
    const owner = await member('Co Cover');
    const photo = await uploadPhoto(server, owner.client);
    const group = await create(owner, {
      name: 'Supper Club',
      category: 'food',
      privacy: 'public',
      cover_media_id: photo.id,
    });
    expect(group).toMatchObject({ cover_url: expect.stringMatching(/^\/media\//) });
  });
  it('lets anyone join a public group and see its posts, but not its prayer requests', async () => {
    const owner = await member('Pu Owner');
    const reader = await member('Pu Reader');
    const group = await create(owner, { name: 'Open Mic Crew', category: 'comedy', privacy: 'public' });
    const post = await makePost(owner.client, { content: 'Tonight at 8', group_id: group.id });
    const prayer = await makePost(owner.client, {
      category: 'prayer',
      prayer_type: 'petition',
      content: 'Pray for the crew',
      group_id: group.id,
    });
    expect(post.group).toEqual({ id: group.id, slug: 'open-mic-crew', name: 'Open Mic Crew' });

    // Not a member: the page and the post, not the prayer request, and neither in the feeds.
    const page = await reader.client.get(`/api/groups/${group.slug}/posts`);
    expect(page.status).toBe(200);
    expect(page.body.posts.map((p: { id: string }) => p.id)).toEqual([post.id]);
    expect((await reader.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await reader.client.get(`/api/posts/${prayer.id}`)).status).toBe(404);
    expect((await reader.client.get(`/api/groups/${group.slug}/posts?category=prayer`)).status).toBe(403);
    const feed = await reader.client.get('/api/posts');
    expect(feed.body.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);

    // A member: both, and the posts reach their home feed.
    const joined = await reader.client.post(`/api/groups/${group.slug}/join`);
    expect(joined.body).toEqual({ standing: 'member' });
    expect((await reader.client.get(`/api/posts/${prayer.id}`)).status).toBe(200);
    const home = await reader.client.get('/api/posts');
    expect(home.body.posts.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([post.id, prayer.id]),
    );
    const prayers = await reader.client.get(`/api/groups/${group.slug}/posts?category=prayer`);
    expect(prayers.body.posts.map((p: { id: string }) => p.id)).toEqual([prayer.id]);
    expect((await owner.client.get(`/api/groups/${group.slug}`)).body.member_count).toBe(2);
  });
  it('keeps a private group to its members: found by anyone, joined on approval', async () => {
    const owner = await member('Pr Owner');
    const asker = await member('Pr Asker');
    const outsider = await member('Pr Outsider');
    const group = await create(owner, {
      name: 'Tuesday Bible Study',
      description: 'Romans, chapter by chapter',
      privacy: 'private',
    });
    const post = await makePost(owner.client, { content: 'Read chapter 3', group_id: group.id });

    // Found in Discover by name and category, its page's About shows; its inside does not.
    const found = await asker.client.get('/api/groups?q=bible&category=faith');
    expect(found.body.discover.map((g: { slug: string }) => g.slug)).toContain(group.slug);
    const about = await asker.client.get(`/api/groups/${group.slug}`);
    expect(about.body).toMatchObject({ name: 'Tuesday Bible Study', viewer: { standing: 'none' } });
    for (const path of [`/api/groups/${group.slug}/posts`, `/api/groups/${group.slug}/members`]) {
      expect((await asker.client.get(path)).status, path).toBe(403);
    }
    for (const [method, path] of [
      ['GET', `/api/posts/${post.id}`],
      ['GET', `/api/posts/${post.id}/comments`],
      ['PUT', `/api/posts/${post.id}/like`],
      ['POST', `/api/posts/${post.id}/comments`],
      ['POST', `/api/posts/${post.id}/shares`],
    ] as const) {
      const res = await asker.client.request(method, path, method === 'GET' ? undefined : { content: 'hi' });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const postAsOutsider = await asker.client.post('/api/posts', { content: 'Sneaky', group_id: group.id });
    expect(postAsOutsider.status).toBe(403);
    expect(postAsOutsider.body.error.code).toBe('group_members_only');

    // Asking, then approval.
    expect((await asker.client.post(`/api/groups/${group.slug}/join`)).body).toEqual({
      standing: 'requested',
    });
    const lists = await owner.client.get(`/api/groups/${group.slug}/members`);
    expect(lists.body.requests.map((r: { person: { id: string } }) => r.person.id)).toEqual([asker.id]);
    expect(
      (await asker.client.request('POST', `/api/groups/${group.slug}/requests/${asker.id}`)).status,
    ).toBe(403);
    const approved = await owner.client.request('POST', `/api/groups/${group.slug}/requests/${asker.id}`);
    expect(approved.status).toBe(200);
    expect(approved.body.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
    expect((await asker.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    const membersSeen = await asker.client.get(`/api/groups/${group.slug}/members`);
    expect(membersSeen.body.requests).toEqual([]);

    // A member's group post: in the members' feeds, the post page, the author's profile; to nobody else.
    const theirs = await makePost(asker.client, { content: 'Chapter 3 notes', group_id: group.id });
    const ownerFeed = await owner.client.get('/api/posts');
    expect(ownerFeed.body.posts.map((p: { id: string }) => p.id)).toContain(theirs.id);
    const outsiderFeed = await outsider.client.get('/api/posts');
    expect(outsiderFeed.body.posts.map((p: { id: string }) => p.id)).not.toContain(theirs.id);
    expect((await outsider.client.get(`/api/posts/${theirs.id}`)).status).toBe(404);
    const profile = await outsider.client.get(`/api/profiles/${asker.id}/posts`);
    if (profile.status === 200) {
      expect(profile.body.posts.map((p: { id: string }) => p.id)).not.toContain(theirs.id);
    }
    const trending = await outsider.client.get('/api/posts/trending');
    expect(JSON.stringify(trending.body)).not.toContain(theirs.id);
    // The post page's preview tags, for a visitor and for the outsider.
    const visitor = await fetch(new URL(`/post/${theirs.id}`, server.baseUrl));
    expect(await visitor.text()).not.toContain('Chapter 3 notes');
  });
  it('hides a secret group from all but its members and those invited; joined by invitation only', async () => {
    const owner = await member('Se Owner');
    const guest = await member('Se Guest');
    const group = await create(owner, { name: 'Elders Prayer Team', privacy: 'secret' });
    expect((await guest.client.get(`/api/groups/${group.slug}`)).status).toBe(404);
    expect((await guest.client.post(`/api/groups/${group.slug}/join`)).status).toBe(404);
    const found = await guest.client.get('/api/groups?q=elders');
    expect(found.body.discover).toEqual([]);

    const unknown = await owner.client.post(`/api/groups/${group.slug}/invitations`, {
      username: 'nobody-here-at-all',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('group_invite_unknown');
    const invited = await owner.client.post(`/api/groups/${group.slug}/invitations`, {
      username: guest.username,
    });
    expect(invited.status).toBe(200);
    expect(invited.body.invited.map((r: { person: { id: string } }) => r.person.id)).toEqual([guest.id]);
    const page = await guest.client.get(`/api/groups/${group.slug}`);
    expect(page.body.viewer.standing).toBe('invited');
    expect((await guest.client.get(`/api/groups/${group.slug}/posts`)).status).toBe(403);
    expect((await guest.client.post(`/api/groups/${group.slug}/join`)).body).toEqual({ standing: 'member' });
    expect((await guest.client.get(`/api/groups/${group.slug}/posts`)).status).toBe(200);
  });
  it('gives the owner and admins their tools, and nobody else', async () => {
    const owner = await member('Ad Owner');
    const helper = await member('Ad Helper');
    const troublemaker = await member('Ad Trouble');
    const plain = await member('Ad Plain');
    const group = await create(owner, {
      name: 'Soup Kitchen Team',
      category: 'community',
      privacy: 'public',
    });
    for (const m of [helper, troublemaker, plain]) {
      expect((await m.client.post(`/api/groups/${group.slug}/join`)).status).toBe(200);
    }
    const post = await makePost(troublemaker.client, { content: 'Spam spam', group_id: group.id });

    // A plain member: no admin tool works.
    for (const [method, path, body] of [
      ['PUT', `/api/groups/${group.slug}/members/${helper.id}`, { role: 'admin' }],
      ['DELETE', `/api/groups/${group.slug}/members/${troublemaker.id}`, undefined],
      ['PUT', `/api/groups/${group.slug}/bans/${troublemaker.id}`, undefined],
      ['PUT', `/api/groups/${group.slug}/pin`, { post_id: post.id }],
      ['PATCH', `/api/groups/${group.slug}`, { name: 'Taken over' }],
      ['DELETE', `/api/groups/${group.slug}`, undefined],
      ['DELETE', `/api/posts/${post.id}`, undefined],
    ] as const) {
      const res = await plain.client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }

    // The owner makes an admin; the admin pins, removes a post, bans.
    const made = await owner.client.request('PUT', `/api/groups/${group.slug}/members/${helper.id}`, {
      role: 'admin',
    });
    expect(made.body.members.find((m: { person: { id: string } }) => m.person.id === helper.id).role).toBe(
      'admin',
    );
    const pinned = await helper.client.request('PUT', `/api/groups/${group.slug}/pin`, { post_id: post.id });
    expect(pinned.body.pinned_post_id).toBe(post.id);
    const first = await plain.client.get(`/api/groups/${group.slug}/posts`);
    expect(first.body.pinned.id).toBe(post.id);
    const banned = await helper.client.request('PUT', `/api/groups/${group.slug}/bans/${troublemaker.id}`);
    expect(banned.body.banned.map((r: { person: { id: string } }) => r.person.id)).toEqual([troublemaker.id]);
    expect((await troublemaker.client.post(`/api/groups/${group.slug}/join`)).body.error.code).toBe(
      'group_banned',
    );
    const reinvite = await owner.client.post(`/api/groups/${group.slug}/invitations`, {
      username: troublemaker.username,
    });
    expect(reinvite.body.error.code).toBe('group_member_banned');
    expect((await helper.client.request('DELETE', `/api/posts/${post.id}`)).status).toBe(204);

    // The owner cannot leave before handing the group on; then they can.
    const leave = await owner.client.request('DELETE', `/api/groups/${group.slug}/membership`);
    expect(leave.body.error.code).toBe('group_owner_cannot_leave');
    expect((await helper.client.post(`/api/groups/${group.slug}/owner`, { user_id: helper.id })).status).toBe(
      403,
    );
    const handed = await owner.client.post(`/api/groups/${group.slug}/owner`, { user_id: helper.id });
    expect(handed.body.viewer.role).toBe('admin');
    expect((await owner.client.request('DELETE', `/api/groups/${group.slug}/membership`)).body).toEqual({
      standing: 'none',
    });
    // An admin (not the owner) cannot rename the address.
    const rename = await helper.client.request('PATCH', `/api/groups/${group.slug}`, { slug: 'soup-team' });
    expect(rename.status).toBe(200);
    expect(rename.body.slug).toBe('soup-team');
  });
  it('deletes a group with its posts and memberships in one go (the owner only)', async () => {
    const owner = await member('De Owner');
    const other = await member('De Other');
    const group = await create(owner, { name: 'Short Lived', privacy: 'public' });
    await other.client.post(`/api/groups/${group.slug}/join`);
    const photo = await uploadPhoto(server, other.client);
    const post = await makePost(other.client, { content: 'Photo', media_id: photo.id, group_id: group.id });
    expect((await other.client.request('DELETE', `/api/groups/${group.slug}`)).status).toBe(403);
    expect((await owner.client.request('DELETE', `/api/groups/${group.slug}`)).status).toBe(204);
    expect((await other.client.get(`/api/groups/${group.slug}`)).status).toBe(404);
    expect((await other.client.get(`/api/posts/${post.id}`)).status).toBe(404);
    const db = server.built.ctx.database.db;
    const left = await db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', group.id)
      .execute();
    expect(left).toEqual([]);
    const media = await db.selectFrom('media_objects').select('id').where('id', '=', photo.id).execute();
    expect(media).toEqual([]);
  });
  it('lets a member create at most GROUPS_PER_DAY groups a day', async () => {
    const busy = await member('Bu Busy');
    for (let i = 0; i < GROUPS_PER_DAY; i += 1)
      await create(busy, { name: `Busy group ${i}`, privacy: 'public' });
    const over = await busy.client.post('/api/groups', {
      name: 'One too many',
      category: 'food',
      privacy: 'public',
    });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('group_create_limit');
  });
  it("hands a deleted member's groups to an admin, else the longest-standing member; a lone group goes", async () => {
    const leaving = await signedInMember(server, { name: 'Le Leaving' });
    const owner = {
      client: leaving.client,
      id: leaving.me.id as string,
      username: leaving.me.profile.username,
    };
    const early = await member('Le Early');
    const admin = await member('Le Admin');
    const shared = await create(owner, { name: 'Handed On', privacy: 'private' });
    const lone = await create(owner, { name: 'Left Alone', privacy: 'public' });
    for (const m of [early, admin]) {
      await owner.client.post(`/api/groups/${shared.slug}/invitations`, { username: m.username });
      await m.client.post(`/api/groups/${shared.slug}/join`);
    }
    await owner.client.request('PUT', `/api/groups/${shared.slug}/members/${admin.id}`, { role: 'admin' });
    const gone = await leaving.client.post('/api/settings/delete-account', {
      password: leaving.input.password,
    });
    expect(gone.status).toBeLessThan(300);
    const now = await admin.client.get(`/api/groups/${shared.slug}`);
    expect(now.body).toMatchObject({ member_count: 2, viewer: { role: 'owner' } });
    expect((await early.client.get(`/api/groups/${lone.slug}`)).status).toBe(404);
  });
  it("puts the member's own memberships in their data export, and nobody else's", async () => {
    const owner = await member('Ex Owner');
    const other = await member('Ex Other');
    const group = await create(owner, { name: 'Exported Group', privacy: 'secret' });
    const mine = await owner.client.get('/api/settings/data');
    expect(mine.body.groups).toEqual([
      expect.objectContaining({ group_id: group.id, slug: group.slug, role: 'owner', standing: 'member' }),
    ]);
    expect((await other.client.get('/api/settings/data')).body.groups).toEqual([]);
  });
  it('answers with the group as it is now: a privacy change, a removal or a ban holds at once', async () => {
    const owner = await member('Nw Owner');
    const reader = await member('Nw Reader');
    const group = await create(owner, { name: 'Now Or Never', privacy: 'public' });
    await makePost(owner.client, { content: 'Public for now', group_id: group.id });
    const posts = `/api/groups/${group.slug}/posts`;
    expect((await reader.client.get(posts)).status).toBe(200);
    await owner.client.request('PATCH', `/api/groups/${group.slug}`, { privacy: 'private' });
    expect((await reader.client.get(posts)).status).toBe(403);
    await owner.client.post(`/api/groups/${group.slug}/invitations`, { username: reader.username });
    await reader.client.post(`/api/groups/${group.slug}/join`);
    expect((await reader.client.get(posts)).status).toBe(200);
    await owner.client.request('PUT', `/api/groups/${group.slug}/bans/${reader.id}`);
    expect((await reader.client.get(posts)).status).toBe(403);
    await owner.client.request('PATCH', `/api/groups/${group.slug}`, { privacy: 'secret' });
    expect((await reader.client.get(posts)).status).toBe(404);
  });
  it('asks visitors to sign in', async () => {
    const visitor = new (await import('@server/test/harness.ts')).TestClient(server.baseUrl);
    expect((await visitor.get('/api/groups')).status).toBe(401);
    expect((await visitor.post('/api/groups', { name: 'x' })).status).toBe(401);
  });
});
