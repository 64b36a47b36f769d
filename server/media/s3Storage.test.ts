import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startTestS3, type TestS3 } from '@server/test/s3.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage } from './createStorage.ts';
import { S3MediaStorage } from './s3Storage.ts';
import { LocalMediaStorage } from './storage.ts';

describe('S3MediaStorage against a real S3 server', () => {
  let s3: TestS3;
  let storage: S3MediaStorage;
  let sdk: S3Client;
  const contents = 'abcdefghijklmnopqrstuvwxyz';

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = new S3MediaStorage(s3.config());
    sdk = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    storage.close();
    sdk.destroy();
    await s3.close();
  });

  it('stores a file with its type and a year-long immutable cache, and reads it back whole', async () => {
    await storage.put('u/1/a.jpg', Buffer.from(contents), 'image/jpeg');
    const head = await sdk.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'u/1/a.jpg' }));
    expect(head).toMatchObject({
      ContentType: 'image/jpeg',
      ContentLength: 26,
      CacheControl: 'public, max-age=31536000, immutable',
    });
    const file = await storage.get('u/1/a.jpg');
    expect(file).toMatchObject({
      status: 200,
      headers: { 'content-type': 'image/jpeg', 'content-length': '26', etag: head.ETag },
    });
    expect(file!.headers['last-modified']).toMatch(/GMT$/);
    expect(await text(file!.body!)).toBe(contents);
  });

  it('copies a file to another key with its type and cache headers (moving old keys, issue 49)', async () => {
    await storage.put('u/7/moved.jpg', Buffer.from(contents), 'image/jpeg');
    await storage.copy('u/7/moved.jpg', 'm/moved.jpg');
    const head = await sdk.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'm/moved.jpg' }));
    expect(head).toMatchObject({
      ContentType: 'image/jpeg',
      ContentLength: 26,
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(await text((await storage.get('m/moved.jpg'))!.body!)).toBe(contents);
    await storage.remove('u/7/moved.jpg');
    expect(await storage.get('u/7/moved.jpg')).toBeNull();
    await expect(storage.copy('u/7/nothing.jpg', 'm/nothing.jpg')).rejects.toThrow();
  });

  it('reads one byte range, and knows a range past the end cannot be satisfied', async () => {
    await storage.put('u/1/b.mp4', Buffer.from(contents), 'video/mp4');
    const middle = await storage.get('u/1/b.mp4', { range: 'bytes=2-5' });
    expect(middle).toMatchObject({
      status: 206,
      headers: { 'content-range': 'bytes 2-5/26', 'content-length': '4' },
    });
    expect(await text(middle!.body!)).toBe('cdef');
    const rest = await storage.get('u/1/b.mp4', { range: 'bytes=20-' });
    expect(rest!.headers['content-range']).toBe('bytes 20-25/26');
    expect(await text(rest!.body!)).toBe('uvwxyz');
    expect(await storage.get('u/1/b.mp4', { range: 'bytes=100-' })).toEqual({
      status: 416,
      headers: {},
      body: null,
    });
  });

  it('answers HEAD without a body, and 304 for the ETag the browser already has', async () => {
    await storage.put('u/1/c.webp', Buffer.from(contents), 'image/webp');
    const head = await storage.get('u/1/c.webp', { headOnly: true, range: 'bytes=0-9' });
    expect(head).toMatchObject({ status: 206, body: null, headers: { 'content-range': 'bytes 0-9/26' } });
    const etag = head!.headers.etag;
    expect(await storage.get('u/1/c.webp', { ifNoneMatch: etag })).toMatchObject({ status: 304, body: null });
  });

  it('finds nothing for a missing key, and removing twice is not an error', async () => {
    await storage.put('u/1/gone.jpg', Buffer.from(contents), 'image/jpeg');
    await storage.remove('u/1/gone.jpg');
    expect(await storage.get('u/1/gone.jpg')).toBeNull();
    expect(await storage.get('u/1/gone.jpg', { headOnly: true })).toBeNull();
    await expect(storage.remove('u/1/gone.jpg')).resolves.toBeUndefined();
    await expect(storage.remove('u/1/never-there.jpg')).resolves.toBeUndefined();
  });

  it('refuses keys that are not plain relative paths before asking the bucket', async () => {
    for (const key of ['../a.jpg', 'u/../../a.jpg', '/abs.jpg', 'u/.hidden', '', 'a%2e.jpg']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow('Invalid media key');
      await expect(storage.get(key)).rejects.toThrow('Invalid media key');
      await expect(storage.remove(key)).rejects.toThrow('Invalid media key');
    }
  });

  it('treats a bucket that does not exist as a broken configuration, not a missing file', async () => {
    const wrong = new S3MediaStorage(s3.config({ bucket: 'no-such-bucket' }));
    await expect(wrong.get('u/1/a.jpg')).rejects.toThrow();
    await expect(wrong.put('u/1/a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    wrong.close();
  });

  it('gives /media/ URLs, or S3_PUBLIC_URL ones when browsers load from the bucket directly', () => {
    expect(storage.publicUrl('u/1/a.jpg')).toBe('/media/u/1/a.jpg');
    const direct = new S3MediaStorage(s3.config({ publicUrl: 'https://cdn.example.org/media' }));
    expect(direct.publicUrl('u/1/a.jpg')).toBe('https://cdn.example.org/media/u/1/a.jpg');
    direct.close();
  });

  it('is what createMediaStorage picks when S3 is configured, the local folder otherwise', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'splikz-storage-'));
    const s3Storage = createMediaStorage({ dataDir, s3: s3.config() });
    expect(s3Storage).toBeInstanceOf(S3MediaStorage);
    s3Storage.close?.();
    expect(createMediaStorage({ dataDir, s3: undefined })).toBeInstanceOf(LocalMediaStorage);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
