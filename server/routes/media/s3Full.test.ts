import { readdirSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@common/schemas/media.ts';
import {
  dialects,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { keysOf, startFillableS3, startTestS3, type TestS3 } from '@server/test/s3.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A bucket that fills up (S3's own out-of-space and quota errors): the same 507 as a full disk.

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
});
const keysIn = (prefix: string) => s3.keys(prefix);

describe.each(dialects)('an S3 bucket that is full (%s)', (dialect) => {
  let server: TestServer;
  let alice: { client: TestClient; me: { id: string } };
  let store: Awaited<ReturnType<typeof startFillableS3>>;
  beforeAll(async () => {
    store = await startFillableS3(s3.endpoint);
    server = await startTestServer(dialect, { s3: s3.config({ endpoint: store.endpoint }) });
    alice = await signedInMember(server);
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
  });

  it('answers 507 with the out-of-space sentence and leaves no object, row or temp file', async () => {
    const rows = () =>
      server.built.ctx.database.db
        .selectFrom('media_objects')
        .select('id')
        .where('user_id', '=', alice.me.id);
    const kept = await uploadPhoto(server, alice.client);
    const keys = await keysIn('m/');
    expect(keys).toEqual(expect.arrayContaining(keysOf(kept)));
    // A photo is two PUTs: its main file, then the feed variant; the store fills before either or between.
    for (const [status, code, allow] of [
      [507, 'InsufficientStorage', 1],
      [507, 'XMinioStorageFull', 0],
      [400, 'XMinioAdminBucketQuotaExceeded', 1],
      [403, 'QuotaExceeded', 1],
    ] as const) {
      store.fill({ status, code }, allow);
      await expect(uploadPhoto(server, alice.client)).rejects.toThrow(
        `upload failed: 507 ${JSON.stringify({ error: { code: 'out_of_storage', message: MEDIA_MESSAGES.outOfStorage } })}`,
      );
      // The PUTs let through reached the bucket; none was asked again, and what was written went.
      expect([code, store.puts()]).toEqual([code, allow + 1]);
      expect([code, await keysIn('m/')]).toEqual([code, keys]);
      expect(await rows().execute()).toEqual([{ id: kept.id }]);
      expect(readdirSync(path.join(server.dataDir, 'tmp', 'uploads'))).toEqual([]);
    }
    // Another refusal is not mistaken for a full store: it stays our error, without its details.
    store.fill({ status: 403, code: 'AccessDenied' });
    await expect(uploadPhoto(server, alice.client)).rejects.toThrow(/^upload failed: 500 .*"internal_error"/);
    expect(await keysIn('m/')).toEqual(keys);
    // Space again: uploads work as before.
    store.fill(null);
    expect((await uploadPhoto(server, alice.client)).url).toMatch(/^\/media\/m\//);
  });
});
