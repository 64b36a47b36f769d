import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  return {
    endpoint,
    bucket,
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
      const closed = server.close();
      // Clients keep connections alive; without this, close waits for them to time out.
      server.httpServer.closeAllConnections();
      await closed;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
