import { ALT_TEXT_MAX_LENGTH, CONTENT_WARNING_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import { uploadPhoto, uploadVideo } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe.each(dialects)('content warnings and alt text (%s)', (dialect) => {
  let server: TestServer;
  let ann: Member;
  let ben: Member;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    ann = await signedInMember(server, { name: 'Ann Warner' });
    ben = await signedInMember(server, { name: 'Ben Reader' });
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const postCount = async () => (await db().selectFrom('posts').select('id').execute()).length;
  const inFeed = async (who: Member, id: string) =>
    ((await who.client.get('/api/posts')).body.posts as Array<Record<string, unknown>>).find(
      (p) => p.id === id,
    );

  it('keeps a post behind its warning for every reader, in the kept feed and on its own', async () => {
    const res = await ann.client.post('/api/posts', {
      content: 'Who dies in the finale',
      content_warning: '  Finale spoilers  ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content_warning: 'Finale spoilers', alt_text: null });
    expect(await inFeed(ben, res.body.id)).toMatchObject({ content_warning: 'Finale spoilers' });
    expect((await ben.client.get(`/api/posts/${res.body.id}`)).body.content_warning).toBe('Finale spoilers');
    // Trending Now carries the warning, never what it covers.
    expect((await ben.client.request('PUT', `/api/posts/${res.body.id}/like`)).status).toBe(200);
    const trending = (await ben.client.get('/api/posts/trending')).body.posts;
    expect(trending.find((p: { id: string }) => p.id === res.body.id)).toMatchObject({
      content: '',
      content_warning: 'Finale spoilers',
    });
    // An empty warning is none.
    const plain = await ann.client.post('/api/posts', {
      content: 'No spoilers here',
      content_warning: '   ',
    });
    expect(plain.body.content_warning).toBeNull();
  });

  it('describes a photo with its alt text, and refuses alt text without a photo', async () => {
    const photo = await uploadPhoto(server, ann.client);
    const res = await ann.client.post('/api/posts', {
      content: 'Rye loaf',
      media_id: photo.id,
      alt_text: 'A dark rye loaf cut open on a wooden board',
    });
    expect(res.status).toBe(201);
    expect(res.body.alt_text).toBe('A dark rye loaf cut open on a wooden board');
    expect(await inFeed(ben, res.body.id)).toMatchObject({
      alt_text: 'A dark rye loaf cut open on a wooden board',
    });

    const before = await postCount();
    const none = await ann.client.post('/api/posts', { content: 'No photo', alt_text: 'A loaf' });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'alt_text_photo_only' });
    expect(none.body.error.message).toBe('Alt text describes a photo: add a photo to the post first.');
    const video = await uploadVideo(server, ann.client);
    const onVideo = await ann.client.post('/api/posts', { media_id: video.id, alt_text: 'A clip' });
    expect(onVideo.status).toBe(400);
    expect(onVideo.body.error.code).toBe('alt_text_photo_only');
    // The refused post did not take the upload: it can still be posted.
    expect((await ann.client.post('/api/posts', { media_id: video.id })).status).toBe(201);
    expect(await postCount()).toBe(before + 1);
  });

  it('refuses warnings and alt text that are too long or hold control characters, writing nothing', async () => {
    const photo = await uploadPhoto(server, ann.client);
    const before = await postCount();
    const bad = [
      { content: 'x', content_warning: 'w'.repeat(CONTENT_WARNING_MAX_LENGTH + 1) },
      { content: 'x', content_warning: 'one\nline only' },
      { content: 'x', content_warning: 'nul\u0000' },
      { content: 'x', content_warning: 42 },
      { content: 'x', media_id: photo.id, alt_text: 'a'.repeat(ALT_TEXT_MAX_LENGTH + 1) },
      { content: 'x', media_id: photo.id, alt_text: 'nul\u0000' },
    ];
    for (const body of bad) {
      const res = await ann.client.post('/api/posts', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect(await postCount()).toBe(before);
    // The longest allowed fit.
    const longest = await ann.client.post('/api/posts', {
      content: 'x',
      media_id: photo.id,
      content_warning: 'w'.repeat(CONTENT_WARNING_MAX_LENGTH),
      alt_text: 'a'.repeat(ALT_TEXT_MAX_LENGTH),
    });
    expect(longest.status).toBe(201);
  });

  it('lets the author add, change and remove both in edit, and nobody else', async () => {
    const photo = await uploadPhoto(server, ann.client);
    const made = (await ann.client.post('/api/posts', { content: 'Supper', media_id: photo.id })).body;
    const edit = (who: Member, body: Record<string, unknown>) =>
      who.client.request('PATCH', `/api/posts/${made.id}`, { content: 'Supper', ...body });
    expect(
      (await edit(ann, { content_warning: 'Food photo', alt_text: 'Soup in a bowl' })).body,
    ).toMatchObject({
      content_warning: 'Food photo',
      alt_text: 'Soup in a bowl',
    });
    // Left out: unchanged.
    expect((await edit(ann, {})).body).toMatchObject({
      content_warning: 'Food photo',
      alt_text: 'Soup in a bowl',
    });
    expect((await edit(ann, { content_warning: '', alt_text: '' })).body).toMatchObject({
      content_warning: null,
      alt_text: null,
    });
    const foreign = await edit(ben, { content_warning: 'Not mine' });
    expect(foreign.status).toBe(403);
    expect((await ann.client.get(`/api/posts/${made.id}`)).body.content_warning).toBeNull();
    const text = (await ann.client.post('/api/posts', { content: 'Words only' })).body;
    const altOnText = await ann.client.request('PATCH', `/api/posts/${text.id}`, {
      content: 'Words only',
      alt_text: 'Nothing to describe',
    });
    expect(altOnText.status).toBe(400);
    expect(altOnText.body.error.code).toBe('alt_text_photo_only');
  });

  it("carries both on a wall post, through the owner's approval", async () => {
    const photo = await uploadPhoto(server, ben.client);
    const sent = await ben.client.post(`/api/profiles/${ann.me.id}/wall`, {
      content: 'For your wall',
      media_id: photo.id,
      content_warning: 'Birthday surprise',
      alt_text: 'A cake with candles',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.status).toBe('pending');
    const approved = await ann.client.post(`/api/pending-posts/${sent.body.pending_post.id}/approve`);
    expect(approved.status).toBe(200);
    const onWall = (await ann.client.get(`/api/profiles/${ann.me.id}/posts`)).body.posts.find(
      (p: { content: string }) => p.content === 'For your wall',
    );
    expect(onWall).toMatchObject({ content_warning: 'Birthday surprise', alt_text: 'A cake with candles' });
    // On one's own wall at once; alt text without a photo is refused there too.
    const own = await ann.client.post(`/api/profiles/${ann.me.id}/wall`, {
      content: 'Mine',
      content_warning: 'Long read',
    });
    expect(own.body.post).toMatchObject({ content_warning: 'Long read' });
    const bad = await ann.client.post(`/api/profiles/${ann.me.id}/wall`, {
      content: 'x',
      alt_text: 'nothing',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('alt_text_photo_only');
  });

  it('keeps both media settings per member: warnings folded and the alt text reminder on by default', async () => {
    const carol = await signedInMember(server, { name: 'Carol Settings' });
    const start = (await carol.client.get('/api/settings/preferences')).body;
    expect(start).toMatchObject({ show_content_warnings: false, remind_alt_text: true });
    const saved = await carol.client.request('PATCH', '/api/settings/preferences', {
      show_content_warnings: true,
      remind_alt_text: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ show_content_warnings: true, remind_alt_text: false });
    const bad = await carol.client.request('PATCH', '/api/settings/preferences', { remind_alt_text: 'yes' });
    expect(bad.status).toBe(400);
    expect((await ben.client.get('/api/settings/preferences')).body.show_content_warnings).toBe(false);
  });
});
