import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
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
  content_warning: null,
  alt_text: null,
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

  it('shows a content warning instead of the post and its photo, and the photo its alt text', () => {
    const photo = {
      ...base,
      media_type: 'photo' as const,
      image_url: '/media/m/a.jpg',
      content: 'Spoilers!',
    };
    const warned = postMetaTags({ ...photo, content_warning: 'Finale spoilers' }, 'https://s.example').tags;
    expect(warned).toContain('<meta name="description" content="Content warning: Finale spoilers" />');
    expect(warned).not.toContain('Spoilers!');
    expect(warned).toContain('<meta property="og:image" content="https://s.example/logo.png" />');
    expect(warned).not.toContain('og:image:alt');
    const described = postMetaTags({ ...photo, alt_text: 'A loaf on a board' }, 'https://s.example').tags;
    expect(described).toContain('<meta property="og:image:alt" content="A loaf on a board" />');
  });

  it('escapes what members wrote', () => {
    const { tags } = postMetaTags({ ...base, content: '"><script>alert(1)</script>' }, 'https://s.example');
    expect(tags).not.toContain('<script>');
    expect(tags).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('GET /post/:id', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      'sqlite',
      {},
      {
        webIndexHtml:
          '<!doctype html><html><head><title>Splikz</title><meta name="description" content="app" /></head><body><div id="root"></div></body></html>',
      },
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers crawlers with the post tags in the HTML itself', async () => {
    const { client } = await signedInMember(server, { name: 'Ruth Baker' });
    const post = await makePost(client, { content: 'Fresh bread & "butter"' });
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
    const dollars = await makePost(client, { content: "Bread for $& and $' today" });
    const priced = await (await fetch(`${server.baseUrl}/post/${dollars.id}`)).text();
    expect(priced).toContain(
      '<meta property="og:description" content="Bread for $&amp; and $&#39; today" />',
    );
  });

  it('announces a video post as a video and a photo post as an image, from what was uploaded', async () => {
    const { client } = await signedInMember(server, { name: 'Vera Clip' });
    const video = await uploadVideo(server, client);
    const photo = await uploadPhoto(server, client);
    const videoPost = await makePost(client, { content: 'Clip', media_id: video.id });
    const photoPost = await makePost(client, { content: 'Photo', media_id: photo.id });
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

describe.each(dialects)('GET /post/:id between members who blocked each other (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS, {
      webIndexHtml:
        '<!doctype html><html><head><title>Splikz</title></head><body><div id="root"></div></body></html>',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives a member hidden from the author the page of a missing post, and everyone else the tags', async () => {
    const author = await signedInMember(server, { name: 'Abel Author' });
    const blocked = await signedInMember(server, { name: 'Bo Blocked' });
    const blocking = await signedInMember(server, { name: 'Bea Blocking' });
    const bystander = await signedInMember(server, { name: 'Cy Bystander' });
    const post = await makePost(author.client, { content: 'A private thought' });
    expect((await author.client.request('PUT', `/api/blocks/${blocked.me.id}`)).status).toBe(200);
    expect((await blocking.client.request('PUT', `/api/blocks/${author.me.id}`)).status).toBe(200);

    const missing = await blocked.client.get('/post/01900000-0000-7000-8000-000000000000');
    expect(missing.status).toBe(404);
    // The member the author blocked, and the member who blocked the author, signed in (cookies sent).
    for (const hidden of [blocked, blocking]) {
      const res = await hidden.client.get(`/post/${post.id}`);
      expect(res.status).toBe(404);
      expect(res.body).toBe(missing.body);
      expect(res.body).not.toContain('Abel Author');
      expect(res.body).not.toContain('A private thought');
      expect(res.body).not.toContain('og:');
    }
    // A bystander, the author and a visitor without a session (a link-preview crawler) get the tags.
    const visitor = await fetch(`${server.baseUrl}/post/${post.id}`);
    for (const res of [
      await bystander.client.get(`/post/${post.id}`),
      await author.client.get(`/post/${post.id}`),
      { status: visitor.status, body: await visitor.text() },
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).toContain('<title>Abel Author on Splikz</title>');
      expect(res.body).toContain('<meta property="og:description" content="A private thought" />');
    }
    // Unblocked, the tags come back for that member.
    expect((await author.client.request('DELETE', `/api/blocks/${blocked.me.id}`)).status).toBe(200);
    expect((await blocked.client.get(`/post/${post.id}`)).body).toContain('Abel Author on Splikz');
  });
});
