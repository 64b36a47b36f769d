import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { MediaUpload } from '@common/schemas/media.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makeVideo } from '@server/test/media.ts';
import { keysOf, startTestS3, type TestS3 } from '@server/test/s3.ts';
import { uploadPhoto, uploadVideo } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The whole app with S3_ENDPOINT set, against s3rver: what a browser sees must not change.

let s3: TestS3;
let sdk: S3Client;
let dist: string;

beforeAll(async () => {
  s3 = await startTestS3();
  sdk = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  // Another bucket on the same server, which no /media/ path may reach.
  await sdk.send(new CreateBucketCommand({ Bucket: 'other-bucket' }));
  await sdk.send(new PutObjectCommand({ Bucket: 'other-bucket', Key: 'private.txt', Body: 'TOP SECRET' }));
  dist = mkdtempSync(path.join(tmpdir(), 'splikz-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Splikz</title><div id="root"></div>');
});
afterAll(async () => {
  sdk.destroy();
  await s3.close();
  rmSync(dist, { recursive: true, force: true });
});

const keysIn = (prefix: string) => s3.keys(prefix);

async function objectBytes(key: string): Promise<Buffer> {
  const object = await sdk.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

function rawGet(server: TestServer, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    httpRequest({ hostname, port, path: rawPath }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
    })
      .on('error', reject)
      .end();
  });
}

async function uploadMov(server: TestServer, client: TestClient): Promise<MediaUpload> {
  const body = new FormData();
  body.append('file', new Blob([Uint8Array.from(await makeVideo('mov', 1))]), 'clip.mov');
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${server.baseUrl}/api/media`, {
    method: 'POST',
    body,
    headers: { origin: server.baseUrl, cookie },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as MediaUpload;
}

/** The HTML shell's CSP, which lets media load from `mediaOrigin` too when there is one. */
const expectedCsp = (mediaOrigin?: string) => {
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  return (
    `default-src 'self'; img-src 'self' data: blob:${media}; media-src 'self' blob:${media}; ` +
    "style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; " +
    "base-uri 'self'; form-action 'self'"
  );
};

describe.each(dialects)('media in an S3 bucket, served by the app (%s)', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let aliceId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { ...GENEROUS_AUTH_LIMITS, s3: s3.config() }, { webDist: dist });
    const a = await signedInMember(server);
    [alice, aliceId] = [a.client, a.me.id];
  });
  afterAll(async () => {
    await server?.close();
  });

  const media = (url: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${url}`, init);

  it('stores photos, their feed variant and videos in the bucket, none in DATA_DIR/media', async () => {
    const photo = await uploadPhoto(server, alice);
    const video = await uploadVideo(server, alice);
    expect(photo.url).toMatch(/^\/media\/m\/[0-9a-f-]{36}\.png$/);
    expect(photo.feed_url).toMatch(/-w720\.webp$/);
    expect(video.url).toMatch(/\.mp4$/);
    const keys = await keysIn('m/');
    for (const key of [...keysOf(photo), ...keysOf(video)]) expect(keys).toContain(key);
    const head = await sdk.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: keysOf(photo)[1]! }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(existsSync(path.join(server.dataDir, 'media'))).toBe(false);
  });

  it('serves a file from the bucket with its type, length, ETag and a year-long cache', async () => {
    const photo = await uploadPhoto(server, alice);
    const res = await media(photo.url);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'image/png',
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const stored = await objectBytes(keysOf(photo)[0]!);
    expect(res.headers.get('content-length')).toBe(String(stored.length));
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(stored);
    // A browser revalidating what it has gets a 304 and no body.
    const again = await media(photo.url, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toContain('immutable');
  });

  it('answers byte ranges as a video player asks for them, and HEAD without a body', async () => {
    const video = await uploadVideo(server, alice);
    const stored = await objectBytes(keysOf(video)[0]!);
    const size = stored.length;
    const first = await media(video.url, { headers: { range: 'bytes=0-9' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-type')).toBe('video/mp4');
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${size}`);
    expect(first.headers.get('content-length')).toBe('10');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await first.arrayBuffer())).toEqual(stored.subarray(0, 10));
    const rest = await media(video.url, { headers: { range: `bytes=${size - 7}-` } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes ${size - 7}-${size - 1}/${size}`);
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(stored.subarray(size - 7));

    for (const range of [`bytes=${size}-`, 'bytes=9-2']) {
      const refused = await media(video.url, { headers: { range } });
      expect(refused.status).toBe(416);
      expect(await refused.json()).toEqual({
        error: { code: 'range_not_satisfiable', message: 'Range Not Satisfiable' },
      });
    }
    // Several ranges or a malformed header: the whole file, as @fastify/static does for local files.
    for (const range of ['bytes=0-1,4-5', 'pages=1']) {
      const whole = await media(video.url, { headers: { range } });
      expect(whole.status).toBe(200);
      expect((await whole.arrayBuffer()).byteLength).toBe(size);
    }

    const head = await media(video.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect(head.headers.get('cache-control')).toContain('immutable');
    expect(await head.text()).toBe('');
    const headRange = await media(video.url, { method: 'HEAD', headers: { range: 'bytes=0-99' } });
    expect(headRange.status).toBe(206);
    expect(headRange.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
  });

  it('serves a MOV as video/mp4, like the local folder (Firefox refuses video/quicktime)', async () => {
    const mov = await uploadMov(server, alice);
    const head = await sdk.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: keysOf(mov)[0]! }));
    expect(head.ContentType).toBe('video/quicktime');
    const served = await media(mov.url, { headers: { range: 'bytes=0-3' } });
    expect(served.status).toBe(206);
    expect(served.headers.get('content-type')).toBe('video/mp4');
  });

  it('answers the local 404 for missing files, listings and keys that try to leave the bucket', async () => {
    const missing = await media(`/media/u/${aliceId}/nothing.jpg`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: {
        code: 'no_media',
        message: `No media at /media/u/${aliceId}/nothing.jpg.`,
        params: { url: `/media/u/${aliceId}/nothing.jpg` },
      },
    });
    expect((await media(`/media/u/${aliceId}/nothing.jpg`, { method: 'HEAD' })).status).toBe(404);
    for (const url of ['/media', '/media/', '/media/u/', `/media/u/${aliceId}/`, '/media/.secret']) {
      const res = await media(url);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('no_media');
    }
    const escapes = [
      '/media/../other-bucket/private.txt',
      '/media/%2e%2e/other-bucket/private.txt',
      '/media/%2E%2E/other-bucket/private.txt',
      '/media/..%2fother-bucket%2fprivate.txt',
      '/media/u/%2e%2e/%2e%2e/other-bucket/private.txt',
      '/media/%252e%252e/other-bucket/private.txt',
      '/media/u/.%2e/x.jpg',
    ];
    for (const rawPath of escapes) {
      const res = await rawGet(server, rawPath);
      expect([rawPath, res.status]).toEqual([rawPath, 404]);
      expect(res.body).not.toContain('TOP SECRET');
      expect(JSON.parse(res.body).error.code).toBe('no_media');
    }
    expect((await media(`/media/u/${aliceId}/x.jpg`, { method: 'DELETE' })).status).toBe(404);
    // The web app is still served next to the media, with no media origin beyond its own.
    const page = await media('/feed');
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toBe(expectedCsp());
  });

  it('serves only the files of an upload it recorded, not anything else in the bucket', async () => {
    const photo = await uploadPhoto(server, alice);
    const put = (Key: string) =>
      sdk.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key, Body: 'NOT AN UPLOAD', ContentType: 'text/html' }),
      );
    const strays = [
      `u/${aliceId}/${crypto.randomUUID()}.png`,
      `u/${aliceId}/${photo.id}-poster.webp`,
      `u/${aliceId}/${photo.id}.html`,
      `m/${crypto.randomUUID()}.png`,
      `m/${photo.id}-poster.webp`,
      `m/${photo.id}.html`,
      'backups/db.sql',
      'index.html',
    ];
    for (const key of strays) {
      await put(key);
      expect((await keysIn(key)).length).toBe(1);
      for (const method of ['GET', 'HEAD']) {
        const res = await media(`/media/${key}`, { method });
        expect([key, method, res.status]).toEqual([key, method, 404]);
        if (method === 'GET') {
          expect(await res.json()).toEqual({
            error: {
              code: 'no_media',
              message: `No media at /media/${key}.`,
              params: { url: `/media/${key}` },
            },
          });
        }
      }
    }
    // The upload's own files are still served.
    expect((await media(photo.url)).status).toBe(200);
    expect((await media(photo.feed_url!)).status).toBe(200);
  });

  it('removes the replaced avatar and profile video from the bucket', async () => {
    const [first, second] = [await uploadPhoto(server, alice), await uploadPhoto(server, alice)];
    const set = async (upload: MediaUpload) =>
      (await alice.request('PATCH', '/api/profiles/me/avatar', { media_id: upload.id })).body;
    expect((await set(first)).avatar_url).toBe(first.feed_url);
    expect(await keysIn(`m/${first.id}`)).toEqual(keysOf(first).sort());
    expect((await set(second)).avatar_url).toBe(second.feed_url);
    expect(await keysIn(`m/${first.id}`)).toEqual([]);
    expect((await media(first.feed_url!)).status).toBe(404);
    expect((await media(second.feed_url!)).status).toBe(200);

    const [clip, nextClip] = [await uploadVideo(server, alice), await uploadVideo(server, alice)];
    const put = (upload: MediaUpload) =>
      alice.request('PUT', '/api/profiles/me/video', { media_id: upload.id });
    expect((await put(clip)).body.profile_video_url).toBe(clip.url);
    expect((await put(nextClip)).body.profile_video_url).toBe(nextClip.url);
    expect(await keysIn(`m/${clip.id}`)).toEqual([]);
    expect(await keysIn(`m/${nextClip.id}`)).toEqual(keysOf(nextClip));
    expect((await alice.request('DELETE', '/api/profiles/me/video')).status).toBe(200);
    expect(await keysIn(`m/${nextClip.id}`)).toEqual([]);
  });

  it('removes a deleted post’s files, and every file of a deleted account', async () => {
    const photo = await uploadPhoto(server, alice);
    const post = await alice.post('/api/posts', { content: 'Sunrise', media_id: photo.id });
    expect(post.status).toBe(201);
    expect(post.body.image_url).toBe(photo.url);
    expect((await media(post.body.image_feed_url)).status).toBe(200);
    expect((await alice.request('DELETE', `/api/posts/${post.body.id}`)).status).toBeLessThan(300);
    expect(await keysIn(`m/${photo.id}`)).toEqual([]);
    expect((await media(photo.url)).status).toBe(404);

    const bob = await signedInMember(server);
    const bobsPhoto = await uploadPhoto(server, bob.client);
    await bob.client.post('/api/posts', { content: 'Hello', media_id: bobsPhoto.id });
    const bobsClip = await uploadVideo(server, bob.client);
    await bob.client.request('PUT', '/api/profiles/me/video', { media_id: bobsClip.id });
    // Keys name uploads, not members (issue 49): Bob's files are those of his uploads.
    const bobsFiles = async () =>
      (await Promise.all([bobsPhoto, bobsClip].map((upload) => keysIn(`m/${upload.id}`)))).flat();
    expect(await bobsFiles()).toHaveLength(3);
    const alicesPhoto = await uploadPhoto(server, alice);
    const deleted = await bob.client.post('/api/settings/delete-account', { password: bob.input.password });
    expect(deleted.status).toBe(200);
    expect(await bobsFiles()).toEqual([]);
    expect(await keysIn(`m/${alicesPhoto.id}`)).not.toEqual([]); // only the deleted member's files went
  });
});

describe('media in an S3 bucket with S3_PUBLIC_URL', () => {
  let server: TestServer;
  let alice: TestClient;
  let publicUrl: string;
  beforeAll(async () => {
    // s3rver answers anonymous GETs, so the bucket's own URL can stand for a CDN in front of it.
    publicUrl = `${s3.endpoint}/${s3.bucket}`;
    const overrides = { ...GENEROUS_AUTH_LIMITS, s3: s3.config({ publicUrl }) };
    server = await startTestServer('sqlite', overrides, { webDist: dist });
    alice = (await signedInMember(server)).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers uploads, posts and avatars with URLs the browser loads from the bucket itself', async () => {
    const photo = await uploadPhoto(server, alice);
    expect(photo.url.startsWith(`${publicUrl}/m/`)).toBe(true);
    expect(photo.feed_url!.startsWith(`${publicUrl}/m/`)).toBe(true);
    const direct = await fetch(photo.url);
    expect(direct.status).toBe(200);
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(await objectBytes(keysOf(photo, publicUrl)[0]!));

    const post = await alice.post('/api/posts', { content: 'Straight from the bucket', media_id: photo.id });
    expect(post.body).toMatchObject({ image_url: photo.url, image_feed_url: photo.feed_url });
    const avatar = await uploadPhoto(server, alice);
    const profile = await alice.request('PATCH', '/api/profiles/me/avatar', { media_id: avatar.id });
    expect(profile.body.avatar_url).toBe(avatar.feed_url);
    expect(profile.body.avatar_url.startsWith(publicUrl)).toBe(true);

    // URLs stored before S3_PUBLIC_URL was set still work through the app.
    const key = keysOf(photo, publicUrl)[0]!;
    expect((await fetch(`${server.baseUrl}/media/${key}`)).status).toBe(200);
  });

  it('lets the page load images and videos from that origin, and nothing else changes in its CSP', async () => {
    const page = await fetch(`${server.baseUrl}/feed`);
    const origin = new URL(publicUrl).origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(page.headers.get('content-security-policy')).toBe(expectedCsp(origin));
  });
});
