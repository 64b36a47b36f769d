import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEDIA_MESSAGES, type MediaUpload } from '@common/schemas/media.ts';
import { claimMedia, removeMediaFiles } from '@server/media/mediaObjects.ts';
import {
  dialects,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makeVideo, withLocation } from '@server/test/media.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const MB = 1024 * 1024;

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } });

function form(data: Uint8Array, filename: string, type = 'application/octet-stream', field = 'file') {
  const body = new FormData();
  body.append(field, new Blob([Uint8Array.from(data)], { type }), filename);
  return body;
}

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function upload(client: TestClient | null, body: BodyInit, headers: Record<string, string> = {}) {
  const cookie: Record<string, string> = client ? { cookie: cookieOf(client) } : {};
  const res = await fetch(`${server.baseUrl}/api/media`, {
    method: 'POST',
    body,
    headers: { origin: server.baseUrl, ...cookie, ...headers },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

let server: TestServer;

/** GET without the URL normalisation fetch does, for path traversal attempts. */
function rawGet(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    httpRequest(`${server.baseUrl}${url}`, (res) => {
      res
        .on('data', (chunk: Buffer) => chunks.push(chunk))
        .on('end', () => resolve(Buffer.concat(chunks).toString()));
    })
      .on('error', reject)
      .end();
  });
}

describe.each(dialects)('POST /api/media on %s', (dialect) => {
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;
  let dist: string;

  const mediaFiles = () =>
    readdirSync(path.join(server.dataDir, 'media'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      statSync(path.join(server.dataDir, 'media', f)).isFile(),
    );
  const tmpFiles = () => readdirSync(path.join(server.dataDir, 'tmp', 'uploads'));
  const rowCount = async () =>
    (await server.built.ctx.database.db.selectFrom('media_objects').select('id').execute()).length;
  const fileOf = (url: string) => path.join(server.dataDir, url.replace(/^\//, ''));

  /** Refused: the given status and message, and no file, temp file or row left behind. */
  async function expectRefused(res: { status: number; body: any }, status: number, message: string) {
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBe(message);
    expect(mediaFiles()).toEqual(filesBefore);
    expect(tmpFiles()).toEqual([]);
    expect(await rowCount()).toBe(rowsBefore);
  }
  let filesBefore: string[] = [];
  let rowsBefore = 0;
  const snapshot = async () => {
    filesBefore = mediaFiles();
    rowsBefore = await rowCount();
  };

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'splikz-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Splikz</title><div id="root"></div>');
    server = await startTestServer(dialect, {}, { webDist: dist });
    const [a, b] = [await signedInMember(server), await signedInMember(server)];
    [alice, bob, aliceId, bobId] = [a.client, b.client, a.me.id, b.me.id];
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('turns a JPEG upright, strips its EXIF and GPS, and writes a 720 px WebP for feeds', async () => {
    const jpeg = await solid(1600, 1000)
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W' } })
      .jpeg()
      .toBuffer();
    const original = await sharp(jpeg).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag
    const res = await upload(alice, form(jpeg, 'holiday.jpg', 'image/jpeg'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ media_type: 'photo', width: 1000, height: 1600, duration_ms: null });
    // The key names the upload, never its member (issue 49).
    expect(res.body.url).toMatch(/^\/media\/m\/[0-9a-f-]{36}\.jpg$/);
    expect(res.body.url).not.toContain(aliceId);
    expect(res.body.feed_url).toBe(res.body.url.replace('.jpg', '-w720.webp'));

    const stored = await sharp(fileOf(res.body.url)).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 1000, height: 1600 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(readFileSync(fileOf(res.body.url)).includes('Exif')).toBe(false);
    const feed = await sharp(fileOf(res.body.feed_url)).metadata();
    expect(feed).toMatchObject({ format: 'webp', width: 720, height: 1152 });
    expect(feed.exif).toBeUndefined();

    const row = await server.built.ctx.database.db
      .selectFrom('media_objects')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: aliceId, kind: 'photo', content_type: 'image/jpeg', width: 1000 });
    expect(row.size_bytes).toBe(statSync(fileOf(res.body.url)).size);
  });

  it('keeps PNG and WebP, caps the long side at 2048 px, and turns GIFs into animated WebP', async () => {
    const exif = { IFD0: { Make: 'Phone', Model: 'GPS 51N 0W' } };
    const png = await upload(
      alice,
      form(await solid(3000, 1000).withExif(exif).png().toBuffer(), 'wide.png'),
    );
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ width: 2048, height: 683 });
    expect(png.body.url).toMatch(/\.png$/);
    const storedPng = await sharp(fileOf(png.body.url)).metadata();
    expect([storedPng.format, storedPng.exif]).toEqual(['png', undefined]);

    const webp = await upload(
      alice,
      form(await solid(300, 200).withExif(exif).webp().toBuffer(), 'small.jpg', 'image/jpeg'),
    );
    expect(webp.status).toBe(201);
    expect(webp.body).toMatchObject({ width: 300, height: 200 });
    expect(webp.body.url).toMatch(/\.webp$/);
    expect((await sharp(fileOf(webp.body.url)).metadata()).exif).toBeUndefined();
    expect((await sharp(fileOf(webp.body.feed_url)).metadata()).width).toBe(300); // never enlarged

    const frame = (colour: string) =>
      sharp({ create: { width: 40, height: 30, channels: 4, background: colour } })
        .gif()
        .toBuffer();
    const gif = await sharp([await frame('#0f0'), await frame('#00f')], { join: { animated: true } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    const animated = await upload(alice, form(gif, 'dance.gif', 'image/gif'));
    expect(animated.status).toBe(201);
    expect(animated.body).toMatchObject({ width: 40, height: 30 });
    expect(animated.body.url).toMatch(/\.webp$/);
    const stored = await sharp(fileOf(animated.body.url), { animated: true }).metadata();
    expect(stored).toMatchObject({ format: 'webp', pages: 2 });
  });

  it('serves uploads with their type, byte ranges and a long cache, and 404s what is not there', async () => {
    const res = await upload(alice, form(await solid(64, 48).jpeg().toBuffer(), 'a.jpg'));
    const file = await fetch(`${server.baseUrl}${res.body.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toContain('immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(readFileSync(fileOf(res.body.url)));

    const range = await fetch(`${server.baseUrl}${res.body.url}`, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toMatch(/^bytes 0-9\/\d+$/);
    expect((await range.arrayBuffer()).byteLength).toBe(10);

    const missing = await fetch(`${server.baseUrl}/media/u/${aliceId}/nothing.jpg`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('no_media');
    for (const url of ['/media/', '/media/u/', `/media/u/${aliceId}/`]) {
      expect((await fetch(`${server.baseUrl}${url}`)).status).toBeGreaterThanOrEqual(400); // no listings
    }
    for (const url of ['/media/../splikz.db', '/media/%2e%2e/splikz.db', '/media/..%2fsplikz.db']) {
      expect(await rawGet(url)).not.toContain('SQLite format'); // the database is one folder up
    }
    writeFileSync(path.join(server.dataDir, 'media', '.secret'), 'x');
    expect((await fetch(`${server.baseUrl}/media/.secret`)).status).toBeGreaterThanOrEqual(400);
    rmSync(path.join(server.dataDir, 'media', '.secret'));
    expect((await fetch(`${server.baseUrl}/media/x.jpg`, { method: 'DELETE' })).status).toBe(404);
    // The web app is still served next to the media.
    expect(await (await fetch(`${server.baseUrl}/feed`)).text()).toContain('<div id="root">');
  });

  it('accepts MP4, MOV and WebM up to 10 seconds and stores their real length', async () => {
    for (const format of ['mp4', 'mov', 'webm'] as const) {
      const res = await upload(alice, form(await makeVideo(format, 3), `clip.${format}`, 'video/mp4'));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ media_type: 'video', feed_url: null, width: 320, height: 240 });
      expect(res.body.duration_ms).toBeGreaterThanOrEqual(2950);
      expect(res.body.duration_ms).toBeLessThanOrEqual(3050);
      expect(res.body.url).toMatch(new RegExp(`\\.${format}$`));
      const served = await fetch(`${server.baseUrl}${res.body.url}`, { headers: { range: 'bytes=0-9' } });
      expect(served.status).toBe(206);
      // MOV is played as MP4: Firefox refuses video/quicktime, the contents are the same.
      expect(served.headers.get('content-type')).toBe(format === 'webm' ? 'video/webm' : 'video/mp4');
      expect(served.headers.get('content-range')).toMatch(/^bytes 0-9\/\d+$/);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
      expect(Buffer.from(await served.arrayBuffer()).length).toBe(10);
    }
    const edge = await upload(alice, form(await makeVideo('webm', 10), 'ten.webm'));
    expect(edge.status).toBe(201);
    expect(edge.body.duration_ms).toBe(10_000);
  });

  it('strips a phone location and other metadata from videos, and serves them fast-start', async () => {
    for (const format of ['mp4', 'mov'] as const) {
      const original = withLocation(await makeVideo(format, 2, { indexLast: true }));
      expect(original.includes('+48.8584+002.2945/')).toBe(true);
      const res = await upload(alice, form(original, `trip.${format}`, 'video/mp4'));
      expect(res.status).toBe(201);
      expect(res.body.duration_ms).toBeGreaterThanOrEqual(1950);
      const served = Buffer.from(await (await fetch(`${server.baseUrl}${res.body.url}`)).arrayBuffer());
      expect(served.includes('+48.8584')).toBe(false);
      expect(served.includes(Buffer.from('\u00a9xyz', 'latin1'))).toBe(false);
      // The index comes before the media data, so a player can start before the end arrives.
      expect(served.indexOf('moov')).toBeLessThan(served.indexOf('mdat'));
      expect(served.indexOf('moov')).toBeGreaterThan(0);
    }
  });

  it('refuses a video longer than 10 seconds, naming its length', async () => {
    await snapshot();
    for (const format of ['mp4', 'webm'] as const) {
      const res = await upload(alice, form(await makeVideo(format, 12), `long.${format}`));
      await expectRefused(res, 400, 'Videos can be at most 10 seconds long. This one is 12.0 seconds.');
      expect(res.body.error.code).toBe('video_too_long');
    }
  });

  it('recognises files by their bytes: a renamed text file or a fake video is a 415', async () => {
    await snapshot();
    const text = Buffer.from('Just some notes, certainly not a photo.\n'.repeat(40));
    const res = await upload(alice, form(text, 'photo.jpg', 'image/jpeg'));
    await expectRefused(res, 415, MEDIA_MESSAGES.unsupported);
    expect(res.body.error.code).toBe('unsupported_media');
    const fakeVideo = Buffer.concat([(await makeVideo('mp4', 3)).subarray(0, 32), Buffer.alloc(2000, 7)]);
    await expectRefused(await upload(alice, form(fakeVideo, 'clip.mp4')), 415, MEDIA_MESSAGES.unsupported);
    const brokenJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 1)]);
    await expectRefused(await upload(alice, form(brokenJpeg, 'a.jpg')), 415, MEDIA_MESSAGES.unsupported);
  });

  it('refuses files over the size limits while they stream in, keeping nothing', async () => {
    await snapshot();
    const photo = Buffer.alloc(10 * MB + 1, 0x20);
    photo.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectRefused(await upload(alice, form(photo, 'big.jpg')), 413, 'Photos can be at most 10 MB.');
    const video = Buffer.alloc(50 * MB + 1, 0);
    video.set((await makeVideo('mp4', 1)).subarray(0, 32));
    await expectRefused(await upload(alice, form(video, 'big.mp4')), 413, 'Videos can be at most 50 MB.');
    // The connection still works after a refusal.
    expect((await alice.get('/api/me')).status).toBe(200);
  });

  it('removes the temporary file when the member gives up halfway', async () => {
    await snapshot();
    const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/media HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${server.baseUrl}\r\nCookie: ${cookieOf(alice)}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 9000000\r\n\r\n' +
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n',
    );
    socket.write(Buffer.concat([(await makeVideo('mp4', 1)).subarray(0, 64), Buffer.alloc(MB)]));
    await vi.waitFor(() => expect(tmpFiles()).toHaveLength(1));
    socket.destroy();
    await vi.waitFor(() => expect(tmpFiles()).toEqual([]));
    expect(mediaFiles()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('asks for a file when there is none, and refuses other bodies with a clear message', async () => {
    await snapshot();
    const jpeg = await solid(10, 10).jpeg().toBuffer();
    await expectRefused(await upload(alice, new FormData()), 400, 'Choose a photo or video to upload.');
    await expectRefused(await upload(alice, form(new Uint8Array(), '')), 400, MEDIA_MESSAGES.missingFile);
    const wrongField = form(jpeg, 'a.jpg', 'image/jpeg', 'photo');
    await expectRefused(await upload(alice, wrongField), 400, MEDIA_MESSAGES.missingFile);
    const two = form(jpeg, 'a.jpg');
    two.append('file', new Blob([jpeg]), 'b.jpg');
    await expectRefused(await upload(alice, two), 400, 'Upload one file at a time.');
    const notMultipart = 'Send the file as multipart/form-data in a field named "file".';
    await expectRefused(await upload(alice, jpeg, { 'content-type': 'image/jpeg' }), 415, notMultipart);
    await expectRefused(await upload(alice, '{}', { 'content-type': 'application/json' }), 415, notMultipart);
    const cutShort = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc';
    const malformed = 'The upload was incomplete or malformed. Please try again.';
    const boundary = { 'content-type': 'multipart/form-data; boundary=x' };
    await expectRefused(await upload(alice, cutShort, boundary), 400, malformed);
    const noBoundary = { 'content-type': 'multipart/form-data' };
    await expectRefused(await upload(alice, 'abc', noBoundary), 400, malformed);
  });

  it('is for signed-in members on our own origin only', async () => {
    await snapshot();
    const jpeg = await solid(10, 10).jpeg().toBuffer();
    await expectRefused(await upload(null, form(jpeg, 'a.jpg')), 401, 'Please sign in to continue.');
    const noOrigin = await upload(alice, form(jpeg, 'a.jpg'), { origin: '' });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body.error.code).toBe('missing_origin');
  });

  it('lets only the owner claim an upload, once, and removes both files on request', async () => {
    const { database, media } = server.built.ctx;
    const { db } = database;
    const res = await upload(alice, form(await solid(900, 600).jpeg().toBuffer(), 'a.jpg'));
    const mediaId: string = res.body.id;
    const invalid = { statusCode: 400, code: 'invalid_media' };
    const notFound = { ...invalid, message: 'That upload was not found. Please upload the file again.' };
    const byBob = db.transaction().execute((trx) => claimMedia(trx, { mediaId, userId: bobId }, media));
    await expect(byBob).rejects.toMatchObject(notFound);
    await expect(claimMedia(db, { mediaId: 'nope', userId: aliceId }, media)).rejects.toMatchObject(notFound);
    const claimed = await db
      .transaction()
      .execute((trx) => claimMedia(trx, { mediaId, userId: aliceId }, media));
    expect(claimed).toEqual({
      id: mediaId,
      kind: 'photo',
      url: res.body.url,
      feed_url: res.body.feed_url,
      duration_ms: null,
    });

    const [id, now] = [`post-${mediaId}`, new Date().toISOString()];
    const post = { id, user_id: aliceId, content: '.', media_id: mediaId, created_at: now, updated_at: now };
    await db
      .insertInto('posts')
      .values({ ...post, category: 'general', media_type: 'photo' })
      .execute();
    await expect(claimMedia(db, { mediaId, userId: aliceId }, media)).rejects.toMatchObject({
      ...invalid,
      code: 'media_in_post',
      message: 'That upload is already part of a post. Please upload it again.',
    });

    const row = { storage_key: res.body.url.slice(7), variant_key: res.body.feed_url.slice(7) };
    await removeMediaFiles(media, row);
    expect(mediaFiles().some((f) => f.includes(mediaId))).toBe(false);
    await removeMediaFiles(media, row); // already gone: not an error
  });

  it('deletes a member’s day-old uploads that nothing shows when they upload again, and keeps the rest', async () => {
    const { db } = server.built.ctx.database;
    const photo = async (client: TestClient) =>
      (await upload(client, form(await solid(64, 64).png().toBuffer(), 'p.png'))).body as MediaUpload;
    const [leftover, posted, avatar, recent, bobsLeftover] = [
      await photo(alice),
      await photo(alice),
      await photo(alice),
      await photo(alice),
      await photo(bob),
    ];
    expect((await alice.post('/api/posts', { content: 'Shown', media_id: posted.id })).status).toBe(201);
    expect((await alice.request('PATCH', '/api/profiles/me/avatar', { media_id: avatar.id })).status).toBe(
      200,
    );
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
    await db
      .updateTable('media_objects')
      .set({ created_at: twoDaysAgo })
      .where('id', 'in', [leftover.id, posted.id, avatar.id, bobsLeftover.id])
      .execute();
    const exists = async (m: MediaUpload) =>
      Boolean(await db.selectFrom('media_objects').select('id').where('id', '=', m.id).executeTakeFirst());

    await photo(alice);
    expect(await exists(leftover)).toBe(false);
    expect(existsSync(fileOf(leftover.url))).toBe(false);
    expect(existsSync(fileOf(leftover.feed_url!))).toBe(false);
    for (const kept of [posted, avatar, recent, bobsLeftover]) {
      expect(await exists(kept)).toBe(true);
      expect(existsSync(fileOf(kept.url))).toBe(true);
    }
  });
});
