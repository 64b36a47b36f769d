import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeUser, startTestServer, type TestServer } from '@server/test/harness.ts';
import { uploadPhoto, uploadVideo } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMetaTags } from './postPage.ts';

const base = {
  id: 'p1',
  content: 'Hello',
  image_url: null,
  image_feed_url: null,
  media_type: 'none' as const,
  content_type: null,
  full_name: 'Grace Hopper',
  username: 'grace',
};

describe('post link previews', () => {
  it('titles the page with the full name, or the username without one', () => {
    expect(postMetaTags(base, 'https://s.example').title).toBe('Grace Hopper on Splikz');
    expect(postMetaTags({ ...base, full_name: '' }, 'https://s.example').title).toBe('grace on Splikz');
  });

  it('describes a media-only post with the default text and shows the logo without an image', () => {
    const { tags } = postMetaTags({ ...base, content: '.' }, 'https://s.example');
    expect(tags).toContain('<meta name="description" content="Check out this post" />');
    expect(tags).toContain('<meta property="og:image" content="https://s.example/logo.png" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).toContain('<link rel="canonical" href="https://s.example/post/p1" />');
  });

  it('treats a post as a video by its stored media type, whatever its URL ends with', () => {
    const { tags } = postMetaTags(
      { ...base, image_url: '/media/u/1/clip.mov?v=2', media_type: 'video', content_type: 'video/quicktime' },
      'https://s.example',
    );
    expect(tags).toContain('<meta name="twitter:card" content="player" />');
    expect(tags).toContain('<meta property="og:video" content="https://s.example/media/u/1/clip.mov?v=2" />');
    // /media serves a MOV as MP4 (routes/media/media.ts), so the preview announces it so too.
    expect(tags).toContain('<meta property="og:video:type" content="video/mp4" />');
    const webm = postMetaTags(
      { ...base, image_url: '/media/u/1/clip', media_type: 'video', content_type: 'video/webm' },
      'https://s.example',
    ).tags;
    expect(webm).toContain('<meta property="og:video:type" content="video/webm" />');
    // Without a poster a video's preview image is the logo; with one, the poster.
    expect(webm).toContain('<meta property="og:image" content="https://s.example/logo.png" />');
    const withPoster = postMetaTags(
      {
        ...base,
        image_url: '/media/u/1/c.mp4',
        image_feed_url: '/media/u/1/c-poster.webp',
        media_type: 'video',
        content_type: 'video/mp4',
      },
      'https://s.example',
    ).tags;
    expect(withPoster).toContain(
      '<meta property="og:image" content="https://s.example/media/u/1/c-poster.webp" />',
    );
    expect(withPoster).toContain(
      '<meta name="twitter:image" content="https://s.example/media/u/1/c-poster.webp" />',
    );
    const photo = postMetaTags(
      { ...base, image_url: '/media/u/1/b.mp4', media_type: 'photo', content_type: 'image/webp' },
      'https://s.example',
    ).tags;
    expect(photo).not.toContain('og:video');
    expect(photo).toContain('<meta property="og:image" content="https://s.example/media/u/1/b.mp4" />');
  });

  it('escapes what members wrote', () => {
    const { tags } = postMetaTags({ ...base, content: '"><script>alert(1)</script>' }, 'https://s.example');
    expect(tags).not.toContain('<script>');
    expect(tags).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('GET /post/:id', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'splikz-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Splikz</title><meta name="description" content="app" /></head><body><div id="root"></div></body></html>',
    );
    server = await startTestServer('sqlite', {}, { webDist: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers crawlers with the post tags in the HTML itself', async () => {
    const { client } = await makeUser(server, { name: 'Ruth Baker' });
    const post = (await client.post('/api/posts', { content: 'Fresh bread & "butter"' })).body;
    const res = await fetch(`${server.baseUrl}/post/${post.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Ruth Baker on Splikz</title>');
    expect(html).toContain(
      '<meta property="og:description" content="Fresh bread &amp; &quot;butter&quot;" />',
    );
    expect(html).toContain(`<meta property="og:url" content="${server.baseUrl}/post/${post.id}" />`);
    expect(html).not.toContain('content="app"');
    expect(html).toContain('<div id="root">');
    // Replacement patterns in a member's text stay text.
    const dollars = (await client.post('/api/posts', { content: "Bread for $& and $' today" })).body;
    const priced = await (await fetch(`${server.baseUrl}/post/${dollars.id}`)).text();
    expect(priced).toContain(
      '<meta property="og:description" content="Bread for $&amp; and $&#39; today" />',
    );
  });

  it('announces a video post as a video and a photo post as an image, from what was uploaded', async () => {
    const { client } = await makeUser(server, { name: 'Vera Clip' });
    const video = await uploadVideo(server, client);
    const photo = await uploadPhoto(server, client);
    const videoPost = (await client.post('/api/posts', { content: 'Clip', media_id: video.id })).body;
    const photoPost = (await client.post('/api/posts', { content: 'Photo', media_id: photo.id })).body;
    const videoHtml = await (await fetch(`${server.baseUrl}/post/${videoPost.id}`)).text();
    expect(videoHtml).toContain(`<meta property="og:video" content="${server.baseUrl}${video.url}" />`);
    expect(videoHtml).toContain('<meta property="og:video:type" content="video/mp4" />');
    expect(videoHtml).toContain('<meta property="og:type" content="video.other" />');
    const photoHtml = await (await fetch(`${server.baseUrl}/post/${photoPost.id}`)).text();
    expect(photoHtml).not.toContain('og:video');
    expect(photoHtml).toContain(`<meta property="og:image" content="${server.baseUrl}${photo.url}" />`);
  });

  it('still serves the app, with a 404 status, for a post that does not exist', async () => {
    const res = await fetch(`${server.baseUrl}/post/does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root">');
  });
});
