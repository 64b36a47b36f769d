import { createTestGroup, type GroupTestMember } from '@server/test/groups.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  readOutbox,
  startTestServer,
  type TestServer,
  waitForMail,
} from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { makePost } from '@server/test/posts.ts';
import { notificationsOf } from '@server/test/prayer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Member = GroupTestMember & { email: string; name: string };

// Mentions (issue 51): '@username' in a post, a comment or a wall post names the member by id, and
// tells them ('<name> mentioned you': the bell, push and email by their switches) when the policy lets
// it reach them.
describe.each(dialects)('mentions (%s)', (dialect) => {
  let server: TestServer;
  let made = 0;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  async function member(name: string): Promise<Member> {
    made += 1;
    const { client, me, input } = await signedInMember(server, {
      name,
      username: `${name.split(' ')[0]!.toLowerCase()}${made}${dialect.slice(0, 2)}`,
    });
    return { client, id: me.id, username: me.profile.username, email: input.email.toLowerCase(), name };
  }
  const mentionsOf = async (who: Member) => (await notificationsOf(who)).filter((n) => n.type === 'mention');

  it('keeps whom a post names by id, tells them once, and mails them', async () => {
    const [ana, bob, cy] = await Promise.all([member('Ana Author'), member('Bob Named'), member('Cy Named')]);
    const text = `Supper at mine, @${bob.username.toUpperCase()} and @${cy.username}! Mail ana@example.com, not @nobody_here, and @${ana.username} too. @${bob.username} again.`;
    const post = await makePost(ana.client, { content: text });
    // In the order written, each member once, the writer too; an unknown name stays text.
    expect(post.mentions).toEqual([
      { id: bob.id, username: bob.username },
      { id: cy.id, username: cy.username },
      { id: ana.id, username: ana.username },
    ]);
    expect((await bob.client.get(`/api/posts/${post.id}`)).body.mentions).toEqual(post.mentions);
    const told = await mentionsOf(bob);
    expect(told).toEqual([
      expect.objectContaining({ post_id: post.id, from: expect.objectContaining({ id: ana.id }) }),
    ]);
    expect(await mentionsOf(cy)).toHaveLength(1);
    // Naming oneself tells no one.
    expect(await mentionsOf(ana)).toEqual([]);
    const mail = await waitForMail(server, bob.email, /mentioned you/);
    expect(mail.subject).toBe('Ana Author mentioned you');
    expect(mail.links).toContain(`${server.baseUrl}/post/${post.id}`);
    // An email leaves Splikz: it names who and where, never the words.
    expect(mail.text).not.toContain('Supper');
    // The profile a mention links to is found by the member's id.
    const byId = await ana.client.get(`/api/profiles/by-id/${bob.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.username).toBe(bob.username);
  });

  it('keeps the link by id after a change of username', async () => {
    const [ana, dee] = await Promise.all([member('Ana Again'), member('Dee Renamed')]);
    const post = await makePost(ana.client, { content: `Thanks @${dee.username}` });
    const renamed = `dee_new_${made}${dialect.slice(0, 2)}`;
    const change = await dee.client.request('PATCH', '/api/settings/account', { username: renamed });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const again = (await ana.client.get(`/api/posts/${post.id}`)).body;
    expect(again.mentions).toEqual([{ id: dee.id, username: dee.username }]);
    expect((await ana.client.get(`/api/profiles/by-id/${dee.id}`)).body.username).toBe(renamed);
  });

  it('refuses an eleventh member, in a post, a comment, an edit and a wall post, writing nothing', async () => {
    const ana = await member('Ana Many');
    const named = await Promise.all(Array.from({ length: 11 }, (_, i) => member(`Many${i} Named`)));
    const ten = named
      .slice(0, 10)
      .map((m) => `@${m.username}`)
      .join(' ');
    const eleven = `${ten} @${named[10]!.username}`;
    const before = (await ana.client.get(`/api/profiles/${ana.id}/posts`)).body.posts.length;
    const refused = await ana.client.post('/api/posts', { content: eleven });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'too_many_mentions',
      message: 'A post or comment can mention at most 10 members.',
    });
    expect((await ana.client.get(`/api/profiles/${ana.id}/posts`)).body.posts.length).toBe(before);
    for (const m of named) expect(await mentionsOf(m)).toEqual([]);
    // Ten is the limit, not past it; the same name twice counts once.
    const post = await makePost(ana.client, { content: `${ten} @${named[0]!.username}` });
    expect(post.mentions).toHaveLength(10);
    const comment = await ana.client.post(`/api/posts/${post.id}/comments`, { content: eleven });
    expect(comment.status).toBe(400);
    expect(comment.body.error.code).toBe('too_many_mentions');
    expect((await ana.client.get(`/api/posts/${post.id}/comments`)).body.comments).toEqual([]);
    const edit = await ana.client.request('PATCH', `/api/posts/${post.id}`, { content: eleven });
    expect(edit.status).toBe(400);
    expect((await ana.client.get(`/api/posts/${post.id}`)).body.content).toBe(post.content);
    const wall = await ana.client.post(`/api/profiles/${named[0]!.id}/wall`, { content: eleven });
    expect(wall.status).toBe(400);
    expect(wall.body.error.code).toBe('too_many_mentions');
    // Each of the ten heard once; the eleventh never.
    for (const m of named.slice(0, 10)) expect(await mentionsOf(m)).toHaveLength(1);
    expect(await mentionsOf(named[10]!)).toEqual([]);
  });

  it('tells no member who muted or blocked the writer, or who cannot see the post', async () => {
    const [ana, muter, blocker, stranger, friend, outsider] = await Promise.all([
      member('Ana Writer'),
      member('Mo Muter'),
      member('Bea Blocker'),
      member('Sam Stranger'),
      member('Fran Friend'),
      member('Otto Outsider'),
    ]);
    expect((await muter.client.request('PUT', `/api/mutes/${ana.id}`)).status).toBe(200);
    expect((await blocker.client.request('PUT', `/api/blocks/${ana.id}`)).status).toBe(200);
    expect((await ana.client.request('PUT', `/api/follows/${friend.id}`)).status).toBe(200);
    expect((await friend.client.post(`/api/friend-requests/${ana.id}/accept`, {})).status).toBe(204);
    const open = await makePost(ana.client, { content: `Hello @${muter.username} and @${blocker.username}` });
    // A member who blocked the writer is hidden from them: no link, no word.
    expect(open.mentions).toEqual([{ id: muter.id, username: muter.username }]);
    expect(await mentionsOf(muter)).toEqual([]);
    expect(await mentionsOf(blocker)).toEqual([]);
    const friendsOnly = await makePost(ana.client, {
      content: `Friends only: @${friend.username} @${stranger.username}`,
      visibility: 'friends',
    });
    expect(friendsOnly.mentions).toHaveLength(2);
    expect(await mentionsOf(friend)).toEqual([expect.objectContaining({ post_id: friendsOnly.id })]);
    expect(await mentionsOf(stranger)).toEqual([]);
    const group = await createTestGroup(ana, { name: `Closed table ${made}`, privacy: 'private' });
    await makePost(ana.client, { content: `Inside @${outsider.username}`, group_id: group.id });
    expect(await mentionsOf(outsider)).toEqual([]);
    // An anonymous request says nothing that leads to its author.
    await makePost(ana.client, {
      category: 'prayer',
      prayer_type: 'intercession',
      anonymous: true,
      content: `Pray with @${friend.username}`,
    });
    expect(await mentionsOf(friend)).toHaveLength(1);
  });

  it('tells those a comment names and those an edit adds, once each; the post author hears of the comment', async () => {
    const [ana, bob, cy, dee] = await Promise.all([
      member('Ana Poster'),
      member('Bob Commenter'),
      member('Cy Named'),
      member('Dee Added'),
    ]);
    const post = await makePost(ana.client, { content: `Hi @${cy.username}` });
    const comment = await bob.client.post(`/api/posts/${post.id}/comments`, {
      content: `@${ana.username} @${cy.username} look`,
    });
    expect(comment.status).toBe(201);
    const listed = (await ana.client.get(`/api/posts/${post.id}/comments`)).body.comments;
    expect(listed[0].mentions).toEqual([
      { id: ana.id, username: ana.username },
      { id: cy.id, username: cy.username },
    ]);
    // The author: one 'comment' line, no mention line; Cy: the post's mention, then the comment's.
    expect(await mentionsOf(ana)).toEqual([]);
    expect((await notificationsOf(ana)).filter((n) => n.type === 'comment')).toHaveLength(1);
    expect(await mentionsOf(cy)).toHaveLength(2);
    const edit = await ana.client.request('PATCH', `/api/posts/${post.id}`, {
      content: `Hi @${cy.username} and @${dee.username}`,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.mentions).toEqual([
      { id: cy.id, username: cy.username },
      { id: dee.id, username: dee.username },
    ]);
    expect(await mentionsOf(cy)).toHaveLength(2);
    expect(await mentionsOf(dee)).toEqual([expect.objectContaining({ post_id: post.id })]);
    // Deleting the post takes its mention lines with it.
    expect((await ana.client.request('DELETE', `/api/posts/${post.id}`)).status).toBe(204);
    expect(await mentionsOf(dee)).toEqual([]);
  });

  it('tells from a wall post when it is published, and follows the email switch', async () => {
    const [ana, owner, quiet, loud] = await Promise.all([
      member('Ana Visitor'),
      member('Owen Owner'),
      member('Quinn Quiet'),
      member('Lou Loud'),
    ]);
    expect(
      (await quiet.client.request('PATCH', '/api/settings/preferences', { email_mentions: false })).body
        .email_mentions,
    ).toBe(false);
    const wall = await ana.client.post(`/api/profiles/${owner.id}/wall`, {
      content: `For @${quiet.username} and @${loud.username}`,
    });
    expect(wall.status).toBe(201);
    expect(wall.body.status).toBe('pending');
    // Waiting for approval, it tells no one.
    expect(await mentionsOf(loud)).toEqual([]);
    const approved = await owner.client.post(`/api/pending-posts/${wall.body.pending_post.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.mentions).toHaveLength(2);
    expect(await mentionsOf(quiet)).toHaveLength(1);
    expect(await mentionsOf(loud)).toHaveLength(1);
    // The mails go in the order named: Quinn's first, had it been sent.
    await waitForMail(server, loud.email, /mentioned you/);
    expect(readOutbox(server).filter((m) => m.to === quiet.email)).toEqual([]);
  });

  it('answers 404 for a member by an id that is none, or hidden', async () => {
    const [ana, blocker] = await Promise.all([member('Ana Looker'), member('Bo Blocks')]);
    expect((await blocker.client.request('PUT', `/api/blocks/${ana.id}`)).status).toBe(200);
    for (const id of [blocker.id, crypto.randomUUID(), 'not-an-id', '%00', '..%2F..%2Fetc']) {
      const res = await ana.client.get(`/api/profiles/by-id/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.code, id).toBe('user_not_found');
    }
  });
});
