import { existsSync } from 'node:fs';
import path from 'node:path';
import { MEMBER_LIMITS } from '@server/http/rateLimit.ts';
import { eventInput } from '@server/test/events.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('settings: your data and deleting an account (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const sendMessage = async (from: TestClient, to: string, content: string) => {
    const res = await from.post(`/api/conversations/with/${to}/messages`, {
      content,
      client_id: crypto.randomUUID(),
    });
    expect(res.status).toBe(201);
  };
  const mediaFile = (key: string) => path.join(server.dataDir, 'media', ...key.split('/'));

  it("exports the member's own data, and nobody else's", async () => {
    const ann = await signedInMember(server, { name: 'Ann Export' });
    const ben = await signedInMember(server, { name: 'Ben Other' });
    const photo = await uploadPhoto(server, ann.client);
    const mine = await makePost(ann.client, { content: 'Ann writes', media_id: photo.id });
    const theirs = await makePost(ben.client, { content: 'Ben writes' });
    await ann.client.request('PUT', `/api/posts/${theirs.id}/like`);
    await ann.client.request('PUT', `/api/posts/${theirs.id}/bookmark`);
    await ben.client.request('PUT', `/api/posts/${mine.id}/bookmark`);
    await ann.client.request('PUT', '/api/tags/Sourdough/follow');
    await ben.client.request('PUT', '/api/tags/rye/follow');
    await ann.client.post(`/api/posts/${theirs.id}/comments`, { content: 'Nice, Ben' });
    await ben.client.post(`/api/posts/${mine.id}/comments`, { content: 'Thanks Ann' });
    await ben.client.request('PUT', `/api/follows/${ann.me.id}`);
    const cat = await signedInMember(server, { name: 'Cat Third' });
    await sendMessage(ann.client, ben.me.id, 'Hi Ben');
    await sendMessage(ben.client, ann.me.id, 'Hi Ann');
    await sendMessage(ben.client, cat.me.id, 'Note to Cat');
    await ann.client.request('PATCH', '/api/settings/preferences', { data_saver: true });
    const annsEvent = (await ann.client.post('/api/events', eventInput({ title: 'Ann hosts' }))).body;
    const bensEvent = (await ben.client.post('/api/events', eventInput({ title: 'Ben hosts' }))).body;
    await ann.client.request('PUT', `/api/events/${bensEvent.id}/rsvp`, { answer: 'going', guests: 1 });
    await cat.client.request('PUT', `/api/events/${annsEvent.id}/rsvp`, { answer: 'interested' });

    const res = await ann.client.get('/api/settings/data');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBeNull();
    const data = res.body;
    expect(data.account).toEqual({
      id: ann.me.id,
      email: ann.input.email.toLowerCase(),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(data.profile).toMatchObject({ id: ann.me.id, full_name: 'Ann Export', followers_visible: true });
    expect(data.settings.data_saver).toBe(true);
    expect(data.posts.map((p: { content: string }) => p.content)).toEqual(['Ann writes']);
    expect(data.comments.map((c: { content: string }) => c.content)).toEqual(['Nice, Ben']);
    expect(data.likes).toEqual([expect.objectContaining({ post_id: theirs.id, user_id: ann.me.id })]);
    // Her bookmarks, and not Ben's bookmark of her post.
    expect(data.bookmarks).toEqual([{ post_id: theirs.id, created_at: expect.stringMatching(/^\d{4}-/) }]);
    expect(data.followed_tags).toEqual([{ tag: 'sourdough', created_at: expect.stringMatching(/^\d{4}-/) }]);
    expect(data.follows.followers).toEqual([
      expect.objectContaining({ follower_id: ben.me.id, username: ben.me.profile.username }),
    ]);
    expect(data.follows.following).toEqual([]);
    expect(data.friendships).toHaveLength(1);
    expect(data.messages.sent.map((m: { content: string }) => m.content)).toEqual(['Hi Ben']);
    expect(data.messages.received.map((m: { content: string }) => m.content)).toEqual(['Hi Ann']);
    expect(data.notifications.map((n: { type: string }) => n.type).sort()).toEqual([
      'comment',
      'friend_request',
      'message',
    ]);
    expect(data.media).toEqual([expect.objectContaining({ id: photo.id, url: photo.url })]);
    // Where she is signed in (issue 52): this browser, with its address and times, never its token.
    expect(data.sessions).toEqual([
      {
        browser: null,
        system: null,
        ip_address: '127.0.0.1',
        signed_in_at: expect.any(String),
        last_active_at: expect.any(String),
      },
    ]);
    const token = decodeURIComponent(ann.client.cookies.get('better-auth.session_token')!).split('.')[0]!;
    expect(JSON.stringify(data)).not.toContain(token);
    expect(data.events.hosted.map((e: { title: string }) => e.title)).toEqual(['Ann hosts']);
    // Her own answers only: Cat's answer to Ann's event is Cat's.
    expect(data.events.answers).toEqual([
      expect.objectContaining({ event_id: bensEvent.id, title: 'Ben hosts', answer: 'going', guests: 1 }),
    ]);
    expect(JSON.stringify(data)).not.toContain('Ben writes');
    expect(JSON.stringify(data)).not.toContain('Note to Cat');
    expect(JSON.stringify(data)).not.toContain('Thanks Ann');

    const download = await ann.client.get('/api/settings/data?download=1');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="splikz-data-${ann.me.profile.username}.json"`,
    );
    expect(download.body.posts).toHaveLength(1);

    expect((await ann.client.get('/api/settings/data/summary')).body).toEqual({
      email: ann.input.email.toLowerCase(),
      created_at: data.account.created_at,
      counts: { posts: 1, comments: 1, likes: 1, followers: 1, following: 0, messages: 2 },
    });
  });

  it('limits how often one member exports their data (each export reads every row they have)', async () => {
    const ann = await signedInMember(server);
    const { max } = MEMBER_LIMITS.dataExport;
    for (let i = 0; i < max; i += 1) expect((await ann.client.get('/api/settings/data')).status).toBe(200);
    const limited = await ann.client.get('/api/settings/data?download=1');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.error.message).toContain('wait');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const ben = await signedInMember(server);
    expect((await ben.client.get('/api/settings/data')).status).toBe(200);
  });

  it('exports whom the member blocked and muted, and when, but not who blocked or muted them', async () => {
    const ann = await signedInMember(server, { name: 'Ann Safety' });
    const [bo, cy, dee] = [
      await signedInMember(server),
      await signedInMember(server),
      await signedInMember(server),
    ];
    const put = async (who: typeof ann, what: 'blocks' | 'mutes', whom: typeof ann) =>
      expect((await who.client.request('PUT', `/api/${what}/${whom.me.id}`)).status).toBe(200);
    await put(ann, 'blocks', bo);
    await put(ann, 'mutes', cy);
    await put(dee, 'blocks', ann);
    await put(dee, 'mutes', ann);
    const when = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

    const mine = (await ann.client.get('/api/settings/data')).body.blocks_and_mutes;
    expect(mine).toEqual({
      blocked: [{ blocked_id: bo.me.id, username: bo.me.profile.username, created_at: when }],
      muted: [{ muted_id: cy.me.id, username: cy.me.profile.username, created_at: when }],
    });
    // The other side of each: the blocked and muted members' exports hold nothing of it.
    for (const other of [bo, cy]) {
      expect((await other.client.get('/api/settings/data')).body.blocks_and_mutes).toEqual({
        blocked: [],
        muted: [],
      });
    }
    expect((await dee.client.get('/api/settings/data')).body.blocks_and_mutes).toEqual({
      blocked: [expect.objectContaining({ blocked_id: ann.me.id })],
      muted: [expect.objectContaining({ muted_id: ann.me.id })],
    });
    // Undone, gone from the export.
    await ann.client.request('DELETE', `/api/mutes/${cy.me.id}`);
    expect((await ann.client.get('/api/settings/data')).body.blocks_and_mutes.muted).toEqual([]);
  });

  it('refuses a wrong password and deletes nothing', async () => {
    const { client, me } = await signedInMember(server);
    await client.post('/api/posts', { content: 'Still here' });
    const wrong = await client.post('/api/settings/delete-account', { password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toEqual({ code: 'wrong_password', message: 'That password is not right.' });
    const empty = await client.post('/api/settings/delete-account', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Enter your password to delete your account.');
    expect(
      await db().selectFrom('user').select('id').where('id', '=', me.id).executeTakeFirst(),
    ).toBeTruthy();
    expect(await db().selectFrom('posts').select('id').where('user_id', '=', me.id).execute()).toHaveLength(
      1,
    );
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('deletes the account with the right password: rows, files and sessions go', async () => {
    const gone = await signedInMember(server, { name: 'Gwen Gone' });
    const stay = await signedInMember(server, { name: 'Sid Stays' });
    // A second browser of the same member: its session ends too.
    const otherDevice = new TestClient(server.baseUrl);
    const signIn = await otherDevice.post('/api/auth/sign-in/email', {
      email: gone.input.email,
      password: gone.input.password,
    });
    expect(signIn.status).toBe(200);
    expect((await otherDevice.get('/api/me')).status).toBe(200);

    const photo = await uploadPhoto(server, gone.client);
    const post = await makePost(gone.client, { content: 'Goodbye', media_id: photo.id });
    const staysPost = await makePost(stay.client, { content: 'I remain' });
    await gone.client.request('PUT', `/api/posts/${staysPost.id}/like`);
    expect((await gone.client.request('PUT', `/api/posts/${staysPost.id}/bookmark`)).status).toBe(200);
    expect((await stay.client.request('PUT', `/api/posts/${post.id}/bookmark`)).status).toBe(200);
    await gone.client.post(`/api/posts/${staysPost.id}/comments`, { content: 'Bye Sid' });
    await stay.client.request('PUT', `/api/posts/${post.id}/like`);
    await gone.client.request('PUT', `/api/follows/${stay.me.id}`);
    // Sid's photo on Gwen's wall waits for her approval; it leaves with her wall.
    const wallPhoto = await uploadPhoto(server, stay.client);
    const submitted = await stay.client.post(`/api/profiles/${gone.me.id}/wall`, {
      content: 'For your wall',
      media_id: wallPhoto.id,
    });
    expect(submitted.status).toBe(201);
    await gone.client.post('/api/contact', {
      name: 'Gwen Gone',
      email: gone.input.email,
      subject: 'general',
      message: 'Hello team',
    });
    const mediaIds = [photo.id, wallPhoto.id];
    const keys = await db()
      .selectFrom('media_objects')
      .select(['storage_key', 'variant_key'])
      .where('id', 'in', mediaIds)
      .execute();
    const files = keys.flatMap((k) => [k.storage_key, k.variant_key]).filter((k): k is string => Boolean(k));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const key of files) expect(existsSync(mediaFile(key))).toBe(true);
    const oldCookies = new Map(gone.client.cookies);

    const res = await gone.client.post('/api/settings/delete-account', { password: gone.input.password });
    expect(res.status).toBe(200);
    const setCookies = res.headers.getSetCookie();
    expect(setCookies).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^better-auth\.session_token=; Max-Age=0; Path=\//),
        expect.stringMatching(/^better-auth\.session_data=; Max-Age=0; Path=\//),
      ]),
    );
    expect(gone.client.cookies.has('better-auth.session_token')).toBe(false);

    const id = gone.me.id;
    const left = async (table: 'user' | 'profiles', column: 'id') =>
      db().selectFrom(table).select(column).where(column, '=', id).execute();
    expect(await left('user', 'id')).toEqual([]);
    expect(await left('profiles', 'id')).toEqual([]);
    expect(await db().selectFrom('posts').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await db().selectFrom('likes').select('post_id').where('user_id', '=', id).execute()).toEqual([]);
    // Her bookmarks, and Sid's bookmark of her deleted post.
    expect(await db().selectFrom('bookmarks').select('post_id').where('user_id', '=', id).execute()).toEqual(
      [],
    );
    expect(
      await db().selectFrom('bookmarks').select('post_id').where('post_id', '=', post.id).execute(),
    ).toEqual([]);
    expect(await db().selectFrom('follows').select('id').where('follower_id', '=', id).execute()).toEqual([]);
    expect(await db().selectFrom('pending_posts').select('id').execute()).toEqual([]);
    expect(await db().selectFrom('media_objects').select('id').where('id', 'in', mediaIds).execute()).toEqual(
      [],
    );
    expect(
      await db().selectFrom('contact_messages').select('id').where('email', '=', gone.input.email).execute(),
    ).toEqual([]);
    for (const key of files) expect(existsSync(mediaFile(key))).toBe(false);

    // Sid's post keeps its own counts without Gwen's like and comment.
    const after = await stay.client.get(`/api/posts/${staysPost.id}`);
    expect(after.body).toMatchObject({ like_count: 0, comment_count: 0 });
    expect((await stay.client.get('/api/me')).status).toBe(200);

    // The cookie the member had, replayed, and the other device: both signed out.
    const replay = new TestClient(server.baseUrl);
    for (const [k, v] of oldCookies) replay.cookies.set(k, v);
    expect((await replay.get('/api/me')).status).toBe(401);
    expect((await replay.get('/api/settings/account')).status).toBe(401);
    expect((await otherDevice.get('/api/me')).status).toBe(401);
    const again = await new TestClient(server.baseUrl).post('/api/auth/sign-in/email', {
      email: gone.input.email,
      password: gone.input.password,
    });
    expect(again.status).toBe(401);
  });
});
