import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { MEDIA_MESSAGES } from '@common/schemas/media.ts';
import type { MediaStorage } from '@server/media/storage.ts';
import {
  dialects,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePng } from '@server/test/media.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Upload limits: each member's daily quota, and a full disk (ENOSPC) while receiving or storing.

const fullDisk = vi.hoisted(() => ({ receiving: false }));
const noSpace = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });

// The temp file a POST /api/media streams into fails after its first chunk, as on a full disk.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const createWriteStream = ((file: string, options: unknown) => {
    const stream = real.createWriteStream(file, options as never);
    if (!fullDisk.receiving || !String(file).endsWith('.upload')) return stream;
    return new Writable({
      write(chunk, _encoding, callback) {
        stream.write(chunk, () => callback(noSpace()));
      },
      destroy(error, callback) {
        stream.destroy();
        callback(error);
      },
    });
  }) as typeof real.createWriteStream;
  return { ...real, createWriteStream, default: { ...real, createWriteStream } };
});

describe.each(dialects)('upload limits on %s', (dialect) => {
  let server: TestServer;
  let png: Buffer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { uploadQuota: { files: 2, bytes: 100 * 1024 * 1024 } });
    png = await makePng(96, 64);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const mediaFiles = () => {
    const root = path.join(server.dataDir, 'media');
    return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
      statSync(path.join(root, f)).isFile(),
    );
  };
  const tmpFiles = () => readdirSync(path.join(server.dataDir, 'tmp', 'uploads'));
  const rowsOf = async (userId: string) =>
    (await db().selectFrom('media_objects').select('id').where('user_id', '=', userId).execute()).length;

  async function upload(client: TestClient, data: Uint8Array = png) {
    const body = new FormData();
    body.append('file', new Blob([Uint8Array.from(data)], { type: 'image/png' }), 'photo.png');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${server.baseUrl}/api/media`, {
      method: 'POST',
      body,
      headers: { origin: server.baseUrl, cookie },
    });
    return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
  }

  it('refuses the upload past the daily count, still counting uploads whose rows have gone', async () => {
    const { client, me } = await signedInMember(server);
    expect((await upload(client)).status).toBe(201);
    const second = await upload(client);
    expect(second.status).toBe(201);
    // Released (a post deleted): the row goes, the upload still counts.
    await db().deleteFrom('media_objects').where('id', '=', second.body.id).execute();
    const files = mediaFiles().length;

    // A body of 8 MB is read to its end and dropped: the client gets the answer, not a reset.
    const refused = await upload(client, Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024)]));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'upload_quota_files',
      message: 'You have uploaded 2 files today; the limit is 2 files a day. Please try again later.',
      params: { uploaded: 2, limit: 2 },
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(23 * 3600);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(24 * 3600);
    expect(await rowsOf(me.id)).toBe(1);
    expect(mediaFiles()).toHaveLength(files);
    expect(tmpFiles()).toEqual([]);

    // A day later the window has moved on.
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000 - 1000).toISOString();
    await db().updateTable('upload_usage').set({ created_at: dayAgo }).where('user_id', '=', me.id).execute();
    expect((await upload(client)).status).toBe(201);
  });

  it('refuses a file that would pass the daily bytes, and another member is not affected', async () => {
    const quota = server.built.ctx.config.uploadQuota;
    server.built.ctx.config.uploadQuota = { files: 100, bytes: Math.floor(png.length * 1.5) };
    try {
      const { client, me } = await signedInMember(server);
      expect((await upload(client)).status).toBe(201);
      const refused = await upload(client);
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toMatch(
        /^You have uploaded \d+ KB today and this file is \d+ KB; the limit is \d+ KB a day\. Please try again later\.$/,
      );
      expect(await rowsOf(me.id)).toBe(1);
      const other = await signedInMember(server);
      expect((await upload(other.client)).status).toBe(201);
    } finally {
      server.built.ctx.config.uploadQuota = quota;
    }
  });

  it('answers 507 when the storage is full, leaving no file, row or temp file', async () => {
    const { client, me } = await signedInMember(server);
    const storage = server.built.ctx.media;
    const files = mediaFiles();
    // The photo's main file is written, then its feed variant finds the disk full.
    let puts = 0;
    server.built.ctx.media = {
      ...storage,
      publicUrl: (key) => storage.publicUrl(key),
      remove: (key) => storage.remove(key),
      put: async (key, data, type) => {
        puts += 1;
        if (puts > 1) throw noSpace();
        await storage.put(key, data, type);
      },
    } satisfies MediaStorage;
    try {
      const res = await upload(client);
      expect(res.status).toBe(507);
      expect(res.body.error).toEqual({ code: 'out_of_storage', message: MEDIA_MESSAGES.outOfStorage });
    } finally {
      server.built.ctx.media = storage;
    }
    expect(puts).toBe(2);
    expect(mediaFiles()).toEqual(files);
    expect(await rowsOf(me.id)).toBe(0);
    expect(tmpFiles()).toEqual([]);
    // Nothing was stored, so nothing counts against the quota.
    expect((await upload(client)).status).toBe(201);
  });

  it('answers 507 when the disk fills while the upload is received, leaving no temp file', async () => {
    const { client, me } = await signedInMember(server);
    const files = mediaFiles();
    fullDisk.receiving = true;
    try {
      const res = await upload(client, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
      expect(res.status).toBe(507);
      expect(res.body.error.message).toBe('The server is out of storage space. Please try again later.');
    } finally {
      fullDisk.receiving = false;
    }
    expect(tmpFiles()).toEqual([]);
    expect(mediaFiles()).toEqual(files);
    expect(await rowsOf(me.id)).toBe(0);
  });
});
