import { POST_CONTENT_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import { dialects, GENEROUS_AUTH_LIMITS, startTestServer, type TestServer } from '@server/test/harness.ts';
import { api, memberToken } from '@server/test/mastodon.ts';
import { makePng } from '@server/test/media.ts';
import { signedInMember } from '@server/test/members.ts';
import { makePost } from '@server/test/posts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('the Mastodon client API (%s)', (dialect) => {
  let server: TestServer;
  let ann: Awaited<ReturnType<typeof signedInMember>>;
  let ben: Awaited<ReturnType<typeof signedInMember>>;
  let annToken: string;
  let benToken: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    ann = await signedInMember(server, { name: 'Ann Mastodon' });
    ben = await signedInMember(server, { name: 'Ben Mastodon' });
    annToken = (await memberToken(server, ann.client)).token;
    benToken = (await memberToken(server, ben.client)).token;
  });
  afterAll(async () => {
    await server.close();
  });

  async function uploadAsApp(token: string, description?: string) {
    const form = new FormData();
    form.append(
      'file',
      new Blob([Uint8Array.from(await makePng(64, 48))], { type: 'image/png' }),
      'photo.png',
    );
    if (description !== undefined) form.append('description', description);
    const res = await fetch(`${server.baseUrl}/api/v2/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  }

  it('posts a photo with its description as alt text, through the web app upload', async () => {
    const media = await uploadAsApp(annToken, 'A loaf on a board');
    expect(media.status, JSON.stringify(media.body)).toBe(200);
    expect(media.body).toMatchObject({
      type: 'image',
      description: 'A loaf on a board',
      meta: { original: { width: 64, height: 48 } },
    });
    // Ben cannot read or change Ann's upload, nor post it.
    expect((await api(server, benToken, 'GET', `/api/v1/media/${media.body.id}`)).status).toBe(404);
    expect(
      (await api(server, benToken, 'PUT', `/api/v1/media/${media.body.id}`, { description: 'mine' })).status,
    ).toBe(404);
    expect(
      (
        await api(server, benToken, 'POST', '/api/v1/statuses', {
          status: 'stolen',
          media_ids: [media.body.id],
        })
      ).status,
    ).toBe(400);
    const changed = await api(server, annToken, 'PUT', `/api/v1/media/${media.body.id}`, {
      description: 'A sourdough loaf',
    });
    expect(changed.body.description).toBe('A sourdough loaf');
    const status = await api(
      server,
      annToken,
      'POST',
      '/api/v1/statuses',
      new URLSearchParams([
        ['status', 'Fresh bread'],
        ['media_ids[]', media.body.id],
      ]),
    );
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    expect(status.body.media_attachments).toEqual([
      expect.objectContaining({ type: 'image', description: 'A sourdough loaf' }),
    ]);
    const web = await ann.client.get(`/api/posts/${status.body.id}`);
    expect(web.body).toMatchObject({ alt_text: 'A sourdough loaf', media_type: 'photo' });
    // Attached, its alt text is the post's to edit.
    expect(
      (await api(server, annToken, 'PUT', `/api/v1/media/${media.body.id}`, { description: 'x' })).status,
    ).toBe(422);
    // Not a photo: refused by the web app's own sniffing, as on the web.
    const form = new FormData();
    form.append(
      'file',
      new Blob([new TextEncoder().encode('#!/bin/sh\necho hi')], { type: 'image/png' }),
      'x.png',
    );
    const bad = await fetch(`${server.baseUrl}/api/v2/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${annToken}` },
      body: form,
    });
    expect(bad.status).toBe(415);
    expect(((await bad.json()) as { error: string }).error).toMatch(/./);
  });

  it('posts a poll, and votes in it as apps send a vote (a form of choices[])', async () => {
    // Members of their own: the other cases count Ann's and Ben's posts.
    const dee = await signedInMember(server, { name: 'Dee Pollster' });
    const deeToken = (await memberToken(server, dee.client)).token;
    const eve = await signedInMember(server, { name: 'Eve Voter' });
    const eveToken = (await memberToken(server, eve.client)).token;
    const made = await api(server, deeToken, 'POST', '/api/v1/statuses', {
      status: 'Rye or spelt?',
      poll: { options: ['Rye', 'Spelt'], expires_in: 3600 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.poll).toMatchObject({
      id: made.body.id,
      voted: false,
      options: [{ title: 'Rye' }, { title: 'Spelt' }],
    });
    const voted = await api(
      server,
      eveToken,
      'POST',
      `/api/v1/polls/${made.body.id}/votes`,
      new URLSearchParams([['choices[]', '1']]),
    );
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    expect(voted.body).toMatchObject({
      voted: true,
      votes_count: 1,
      options: [{ votes_count: 0 }, { votes_count: 1 }],
    });
    expect((await api(server, eveToken, 'GET', `/api/v1/polls/${made.body.id}`)).body.voted).toBe(true);
    expect(
      (await api(server, eveToken, 'POST', `/api/v1/polls/${made.body.id}/votes`, { choices: [0] })).status,
    ).toBeGreaterThanOrEqual(400);
    expect(
      (await api(server, eveToken, 'POST', `/api/v1/polls/${made.body.id}/votes`, { choices: ['x'] })).status,
    ).toBe(400);
    // A post without a poll has none to read.
    const plain = await api(server, deeToken, 'POST', '/api/v1/statuses', { status: 'No poll here' });
    expect((await api(server, eveToken, 'GET', `/api/v1/polls/${plain.body.id}`)).status).toBe(404);
  });

  it("changes the display name and bio with the web app's own checks", async () => {
    const form = new URLSearchParams([
      ['display_name', 'Ann From An App'],
      ['note', 'Bakes on Sundays'],
    ]);
    const updated = await api(server, annToken, 'PATCH', '/api/v1/accounts/update_credentials', form);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ display_name: 'Ann From An App', note: '<p>Bakes on Sundays</p>' });
    expect((await ann.client.get('/api/settings/account')).body.full_name).toBe('Ann From An App');
    // The same name again is no error; an empty one is refused and changes nothing.
    expect(
      (
        await api(server, annToken, 'PATCH', '/api/v1/accounts/update_credentials', {
          display_name: 'Ann From An App',
        })
      ).status,
    ).toBe(200);
    const empty = await api(server, annToken, 'PATCH', '/api/v1/accounts/update_credentials', {
      display_name: '  ',
    });
    expect(empty.status).toBe(400);
    expect(
      (await api(server, annToken, 'GET', '/api/v1/accounts/verify_credentials')).body.display_name,
    ).toBe('Ann From An App');
    const readOnly = (await memberToken(server, ann.client, 'read')).token;
    expect(
      (await api(server, readOnly, 'PATCH', '/api/v1/accounts/update_credentials', { note: 'x' })).status,
    ).toBe(403);
  });

  it('keeps a friends-only post from strangers, maps private to Friends, and pages with Link headers', async () => {
    const cy = await signedInMember(server, { name: 'Cy Stranger' });
    const cyToken = (await memberToken(server, cy.client)).token;
    const hidden = await api(server, annToken, 'POST', '/api/v1/statuses', {
      status: 'For my friends',
      visibility: 'private',
    });
    expect(hidden.body.visibility).toBe('private');
    expect((await ann.client.get(`/api/posts/${hidden.body.id}`)).body.visibility).toBe('friends');
    expect((await api(server, cyToken, 'GET', `/api/v1/statuses/${hidden.body.id}`)).status).toBe(404);
    expect((await api(server, cyToken, 'POST', `/api/v1/statuses/${hidden.body.id}/favourite`)).status).toBe(
      404,
    );
    expect((await api(server, cyToken, 'DELETE', `/api/v1/statuses/${hidden.body.id}`)).status).toBe(404);
    const home = await api(server, cyToken, 'GET', '/api/v1/timelines/home?limit=40');
    expect(home.body.map((s: { id: string }) => s.id)).not.toContain(hidden.body.id);
    // Another member's post cannot be deleted or edited through the API either.
    const open = await api(server, annToken, 'POST', '/api/v1/statuses', { status: 'For everyone' });
    expect((await api(server, cyToken, 'DELETE', `/api/v1/statuses/${open.body.id}`)).status).toBe(403);
    expect(
      (await api(server, cyToken, 'PUT', `/api/v1/statuses/${open.body.id}`, { status: 'changed' })).status,
    ).toBe(403);
    for (let i = 0; i < 3; i += 1) await makePost(ann.client, { content: `Paged ${i}` });
    const first = await api(server, annToken, 'GET', '/api/v1/timelines/home?limit=2');
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toContain('max_id=');
    const second = await api(server, annToken, 'GET', next!.replace(server.baseUrl, ''));
    expect(second.body).toHaveLength(2);
    expect(second.body[0].created_at <= first.body[1].created_at).toBe(true);
    const newer = await api(server, annToken, 'GET', `/api/v1/timelines/home?since_id=${first.body[1].id}`);
    expect(newer.body.map((s: { id: string }) => s.id)).toEqual([first.body[0].id]);
    expect((await api(server, annToken, 'GET', '/api/v1/timelines/home?max_id=nope')).status).toBe(400);
    expect(
      (await api(server, annToken, 'POST', '/api/v1/statuses', { status: 'x', visibility: 'direct' })).status,
    ).toBe(422);
    // The same Idempotency-Key twice is one post; another key, another post.
    const send = (key: string) =>
      fetch(`${server.baseUrl}/api/v1/statuses`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${annToken}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ status: 'Sent once' }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { id: string } }));
    const [once, again, other] = [await send('k-1'), await send('k-1'), await send('k-2')];
    expect(once.status).toBe(200);
    expect(again.body.id).toBe(once.body.id);
    expect(other.body.id).not.toBe(once.body.id);
    expect((await send('x'.repeat(201))).status).toBe(400);
    expect((await api(server, annToken, 'POST', '/api/v1/statuses', { status: '' })).status).toBe(400);
    expect(
      (
        await api(server, annToken, 'POST', '/api/v1/statuses', {
          status: 'x'.repeat(POST_CONTENT_MAX_LENGTH + 1),
        })
      ).status,
    ).toBe(400);
    expect(
      (await api(server, annToken, 'POST', '/api/v1/statuses', { status: 'x'.repeat(70_000) })).status,
    ).toBe(413);
  });

  it('replies, likes, shares and follows, and the other member hears of it in notifications', async () => {
    const post = await api(server, benToken, 'POST', '/api/v1/statuses', {
      status: 'What should I bake? #baking',
    });
    expect(post.body.tags).toEqual([{ name: 'baking', url: `${server.baseUrl}/tags/baking` }]);
    const reply = await api(server, annToken, 'POST', '/api/v1/statuses', {
      status: 'Rye!',
      in_reply_to_id: post.body.id,
    });
    expect(reply.body).toMatchObject({ in_reply_to_id: post.body.id, content: '<p>Rye!</p>' });
    expect(
      (await api(server, annToken, 'POST', `/api/v1/statuses/${post.body.id}/favourite`)).body,
    ).toMatchObject({ favourited: true, favourites_count: 1 });
    const shared = await api(server, annToken, 'POST', `/api/v1/statuses/${post.body.id}/reblog`);
    expect(shared.body.reblog).toMatchObject({ id: post.body.id, reblogs_count: 1 });
    expect(shared.body.account.id).toBe(ann.me.id);
    expect(
      (await api(server, annToken, 'POST', `/api/v1/statuses/${post.body.id}/bookmark`)).body.bookmarked,
    ).toBe(true);
    expect(
      (await api(server, annToken, 'GET', '/api/v1/bookmarks')).body.map((s: { id: string }) => s.id),
    ).toContain(post.body.id);
    const rel = await api(server, annToken, 'POST', `/api/v1/accounts/${ben.me.id}/follow`);
    expect(rel.body).toMatchObject({ id: ben.me.id, following: true });
    const context = await api(server, benToken, 'GET', `/api/v1/statuses/${post.body.id}/context`);
    expect(context.body.descendants.map((s: { id: string }) => s.id)).toEqual([reply.body.id]);
    const tagged = await api(server, annToken, 'GET', '/api/v1/timelines/tag/Baking');
    expect(tagged.body.map((s: { id: string }) => s.id)).toContain(post.body.id);

    const notes = await api(server, benToken, 'GET', '/api/v1/notifications');
    const types = notes.body.map((n: { type: string }) => n.type);
    expect(types).toEqual(expect.arrayContaining(['favourite', 'comment', 'follow_request']));
    const liked = notes.body.find((n: { type: string }) => n.type === 'favourite');
    expect(liked).toMatchObject({ account: { id: ann.me.id }, status: { id: post.body.id } });
    const onlyLikes = await api(server, benToken, 'GET', '/api/v1/notifications?types[]=favourite');
    expect(onlyLikes.body.every((n: { type: string }) => n.type === 'favourite')).toBe(true);
    // Ann cannot dismiss Ben's notification; Ben can.
    expect((await api(server, annToken, 'POST', `/api/v1/notifications/${liked.id}/dismiss`)).status).toBe(
      404,
    );
    expect((await api(server, benToken, 'POST', `/api/v1/notifications/${liked.id}/dismiss`)).status).toBe(
      200,
    );

    // A follow sends a friend request: Ben sees it and accepts it as Mastodon's follow request.
    const requests = await api(server, benToken, 'GET', '/api/v1/follow_requests');
    expect(requests.body.map((a: { id: string }) => a.id)).toContain(ann.me.id);
    expect(
      (await api(server, benToken, 'POST', `/api/v1/follow_requests/${ann.me.id}/authorize`)).status,
    ).toBe(200);
    expect((await ben.client.get(`/api/profiles/${ann.me.username}`)).status).toBeLessThan(500);
    expect(
      (await api(server, benToken, 'POST', `/api/v1/follow_requests/${ann.me.id}/authorize`)).status,
    ).toBe(404);

    const found = await api(
      server,
      annToken,
      'GET',
      `/api/v2/search?q=${encodeURIComponent('Ben Mastodon')}`,
    );
    expect(found.body.accounts.map((a: { id: string }) => a.id)).toContain(ben.me.id);
    const account = await api(server, annToken, 'GET', `/api/v1/accounts/${ben.me.id}`);
    expect(account.body).toMatchObject({ id: ben.me.id, acct: ben.me.profile.username, statuses_count: 1 });
    const lookup = await api(
      server,
      annToken,
      'GET',
      `/api/v1/accounts/lookup?acct=${ben.me.profile.username}`,
    );
    expect(lookup.body.id).toBe(ben.me.id);
    const statuses = await api(server, annToken, 'GET', `/api/v1/accounts/${ben.me.id}/statuses`);
    expect(statuses.body.map((s: { id: string }) => s.id)).toEqual([post.body.id]);
    expect((await api(server, annToken, 'GET', '/api/v1/accounts/..%2f..%2fetc')).status).toBe(404);
    expect((await api(server, annToken, 'POST', `/api/v1/statuses/${post.body.id}/unreblog`)).status).toBe(
      422,
    );
    const favourites = await api(server, annToken, 'GET', '/api/v1/favourites');
    expect(favourites.body.map((s: { id: string }) => s.id)).toContain(post.body.id);
    expect(
      (await api(server, benToken, 'GET', '/api/v1/favourites')).body.map((s: { id: string }) => s.id),
    ).not.toContain(post.body.id);
    const followers = await api(server, annToken, 'GET', `/api/v1/accounts/${ben.me.id}/followers`);
    expect(followers.body.map((a: { id: string }) => a.id)).toContain(ann.me.id);
    const following = await api(server, benToken, 'GET', `/api/v1/accounts/${ann.me.id}/following`);
    expect(following.body.map((a: { id: string }) => a.id)).toContain(ben.me.id);
  });
});
