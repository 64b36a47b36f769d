import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { MediaUpload } from '@common/schemas/media.ts';
import type { S3Config } from '@server/config.ts';

/** The part of s3rver (CommonJS, no types) the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  resetOnClose: boolean;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3 settings of an app using this server (s3rver takes any key pair). */
  config: (extra?: Partial<S3Config>) => S3Config;
  /** The bucket's keys under a prefix, sorted. */
  keys: (prefix: string) => Promise<string[]>;
  close: () => Promise<void>;
}

/** A real S3 HTTP server (s3rver) on a free port, with one empty bucket, its files in a temp folder. */
export async function startTestS3(bucket = 'splikz-test-media'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'splikz-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    resetOnClose: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const sdk = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    endpoint,
    bucket,
    keys: async (prefix) => {
      const listed = await sdk.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    config: (extra = {}) => ({
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: undefined,
      ...extra,
    }),
    close: async () => {
      sdk.destroy();
      const closed = server.close();
      // Clients keep connections alive; without this, close waits for them to time out.
      server.httpServer.closeAllConnections();
      await closed;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Keys of an upload's files, from the URLs it answered with (/media/<key> or <S3_PUBLIC_URL>/<key>). */
export const keysOf = (upload: Pick<MediaUpload, 'url' | 'feed_url'>, base = '/media') =>
  [upload.url, upload.feed_url].filter((url) => url !== null).map((url) => url.slice(base.length + 1));

/**
 * s3rver behind a real HTTP proxy that, while `full` is set, answers the PUTs after the first `allow`
 * with that S3 error, as a full or over-quota store does; everything else reaches s3rver.
 */
export async function startFillableS3(target: string) {
  const state = { full: null as { status: number; code: string } | null, allow: 0, puts: 0 };
  const proxy = createServer((req, res) => {
    if (req.method === 'PUT' && state.full && state.puts++ >= state.allow) {
      const { status, code } = state.full;
      const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>No space</Message></Error>`;
      req.resume().on('end', () => res.writeHead(status, { 'content-type': 'application/xml' }).end(xml));
      return;
    }
    const upstream = httpRequest(
      `${target}${req.url}`,
      { method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  const fill = (full: typeof state.full, allow = 0) => Object.assign(state, { full, allow, puts: 0 });
  const close = () => {
    proxy.closeAllConnections();
    return new Promise<void>((resolve) => proxy.close(() => resolve()));
  };
  return { endpoint: `http://127.0.0.1:${port}`, fill, puts: () => state.puts, close };
}
