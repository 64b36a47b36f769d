import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeUser, startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVideoUrl, postMetaTags } from './postPage.ts';

const base = { id: 'p1', content: 'Hello', image_url: null, full_name: 'Grace Hopper', username: 'grace' };

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

  it('treats mp4, mov and webm as video whatever the query string says', () => {
    expect(isVideoUrl('/media/a.MP4?x=1')).toBe(true);
    expect(isVideoUrl('https://cdn.example/a.webm#t=2')).toBe(true);
    expect(isVideoUrl('/media/a.jpg?name=b.mp4')).toBe(false);
    const { tags } = postMetaTags({ ...base, image_url: '/media/u/1/clip.mov?v=2' }, 'https://s.example');
    expect(tags).toContain('<meta name="twitter:card" content="player" />');
    expect(tags).toContain('<meta property="og:video" content="https://s.example/media/u/1/clip.mov?v=2" />');
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
  });

  it('still serves the app, with a 404 status, for a post that does not exist', async () => {
    const res = await fetch(`${server.baseUrl}/post/does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root">');
  });
});
