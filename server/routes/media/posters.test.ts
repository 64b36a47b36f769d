import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@common/schemas/media.ts';
import {
  dialects,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePng, makeVideo } from '@server/test/media.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A video's poster: the still the browser takes of the clip's first frame, sent beside the video.

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#16a085' } })
    .jpeg()
    .withExifMerge({ IFD0: { Copyright: 'secret-tag' } })
    .toBuffer();

type Part = { field: string; data: Buffer; name: string; type?: string };

function form(...parts: Part[]): FormData {
  const body = new FormData();
  for (const { field, data, name, type = 'application/octet-stream' } of parts) {
    body.append(field, new Blob([Uint8Array.from(data)], { type }), name);
  }
  return body;
}

describe.each(dialects)('video posters on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let clip: Buffer;

  const mediaFiles = () => {
    const root = path.join(server.dataDir, 'media');
    return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
      statSync(path.join(root, f)).isFile(),
    );
  };
  const rowCount = async () =>
    (await server.built.ctx.database.db.selectFrom('media_objects').select('id').execute()).length;

  async function upload(body: FormData) {
    const cookie = [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${server.baseUrl}/api/media`, {
      method: 'POST',
      body,
      headers: { origin: server.baseUrl, cookie },
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  /** Refused with this status and message, leaving no file and no row. */
  async function expectRefused(body: FormData, status: number, message: string) {
    const [files, rows] = [mediaFiles(), await rowCount()];
    const res = await upload(body);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBe(message);
    expect(mediaFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  }

  const video = () => ({ field: 'file', data: clip, name: 'clip.mp4', type: 'video/mp4' });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    alice = (await signedInMember(server)).client;
    clip = await makeVideo('mp4', 2); // 320x240
  });
  afterAll(() => server.close());

  it('keeps a poster of the video’s shape as a metadata-free WebP, in either order of the parts', async () => {
    for (const order of ['video first', 'poster first'] as const) {
      const poster = { field: 'poster', data: await jpeg(640, 480), name: 'poster.jpg', type: 'image/jpeg' };
      expect(poster.data.includes('secret-tag')).toBe(true);
      const res = await upload(order === 'video first' ? form(video(), poster) : form(poster, video()));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ media_type: 'video', width: 320, height: 240 });
      expect(res.body.feed_url).toMatch(/-poster\.webp$/);
      const served = await fetch(`${server.baseUrl}${res.body.feed_url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 480]);
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes('secret-tag')).toBe(false);
    }
  });

  it('scales a large poster down to the feed width and accepts a slightly rounded shape', async () => {
    const res = await upload(
      form(video(), { field: 'poster', data: await makePng(1921, 1440), name: 'p.png', type: 'image/png' }),
    );
    expect(res.status).toBe(201);
    const meta = await sharp(
      Buffer.from(await (await fetch(`${server.baseUrl}${res.body.feed_url}`)).arrayBuffer()),
    ).metadata();
    expect([meta.width, meta.height]).toEqual([720, 540]);
  });

  it('refuses a poster that is not a still of the video, too big, or beside a photo', async () => {
    await expectRefused(
      form(video(), { field: 'poster', data: await jpeg(500, 500), name: 'square.jpg' }),
      400,
      MEDIA_MESSAGES.posterMismatch,
    );
    await expectRefused(
      form(video(), { field: 'poster', data: Buffer.from('not an image at all'), name: 'p.jpg' }),
      415,
      MEDIA_MESSAGES.posterUnsupported,
    );
    const gif = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expectRefused(
      form(video(), { field: 'poster', data: gif, name: 'p.gif' }),
      415,
      MEDIA_MESSAGES.posterUnsupported,
    );
    const huge = Buffer.concat([await jpeg(320, 240), Buffer.alloc(2 * 1024 * 1024)]);
    await expectRefused(
      form(video(), { field: 'poster', data: huge, name: 'p.jpg' }),
      413,
      MEDIA_MESSAGES.posterTooLarge,
    );
    await expectRefused(
      form(
        { field: 'file', data: await makePng(320, 240), name: 'photo.png' },
        { field: 'poster', data: await jpeg(320, 240), name: 'p.jpg' },
      ),
      400,
      MEDIA_MESSAGES.posterWithoutVideo,
    );
    await expectRefused(
      form(
        video(),
        { field: 'poster', data: await jpeg(320, 240), name: 'a.jpg' },
        { field: 'poster', data: await jpeg(320, 240), name: 'b.jpg' },
      ),
      400,
      'Upload one file at a time.',
    );
  });

  it('shows the poster in feeds and removes it with the post', async () => {
    const media = await upload(
      form(video(), { field: 'poster', data: await jpeg(320, 240), name: 'p.jpg', type: 'image/jpeg' }),
    );
    const post = await alice.post('/api/posts', { content: 'with a poster', media_id: media.body.id });
    expect(post.status).toBe(201);
    const feed = await alice.get('/api/posts');
    const item = feed.body.posts.find((p: any) => p.content === 'with a poster');
    expect(item).toMatchObject({
      media_type: 'video',
      image_url: media.body.url,
      image_feed_url: media.body.feed_url,
    });
    expect((await alice.request('DELETE', `/api/posts/${post.body.id}`)).status).toBeLessThan(300);
    expect((await fetch(`${server.baseUrl}${media.body.feed_url}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}${media.body.url}`)).status).toBe(404);
  });
});
