import type { Config } from '@server/config.ts';
import type { Database_ } from '@server/db/database.ts';
import { v7 as uuidv7 } from 'uuid';
import { type MediaObjectRow, removeMediaFiles } from './mediaObjects.ts';
import { prepareUpload, type ReceivedUpload } from './processUpload.ts';
import type { MediaStorage } from './storage.ts';
import { recordWithinQuota } from './uploadQuota.ts';

/** Where an upload's files go: `m/<upload id>` and, beside it, its variant (`-w720.webp`, `-poster.webp`). */
export const uploadKeyBase = (uploadId: string) => `m/${uploadId}`;

/** What storing an upload needs: where files go, the database and the member's daily quota. */
export interface UploadStore {
  media: MediaStorage;
  database: Database_;
  config: Pick<Config, 'uploadQuota'>;
}

/**
 * Processes the received file (prepareUpload), stores its files and records the upload, counted
 * against the member's quota in the same transaction; nothing is left behind on failure.
 */
export async function storeUpload(
  store: UploadStore,
  userId: string,
  received: ReceivedUpload,
  tmpFile: string,
): Promise<MediaObjectRow> {
  const id = uuidv7();
  const { sniffed } = received;
  // The key names the upload, never its member: an anonymous request's photo must not say who wrote it.
  const { files, width, height, durationMs } = await prepareUpload(received, tmpFile, uploadKeyBase(id));
  const [main, variant] = files;
  const record: MediaObjectRow = {
    description: null,
    id,
    user_id: userId,
    storage_key: main!.key,
    variant_key: variant?.key ?? null,
    kind: sniffed.kind,
    content_type: main!.contentType,
    size_bytes: main!.data.length,
    width,
    height,
    duration_ms: durationMs,
    created_at: new Date().toISOString(),
  };
  try {
    for (const file of files) await store.media.put(file.key, file.data, file.contentType);
    await recordWithinQuota(store.database, store.config.uploadQuota, userId, received.bytes, async (trx) => {
      await trx.insertInto('media_objects').values(record).execute();
    });
  } catch (error) {
    await removeMediaFiles(store.media, record).catch(() => {});
    throw error;
  }
  return record;
}
