import type { Config } from '@server/config.ts';
import { S3MediaStorage } from './s3Storage.ts';
import { LocalMediaStorage, type MediaStorage, mediaRoot } from './storage.ts';

/** The bucket when S3_ENDPOINT is set, DATA_DIR/media otherwise. */
export function createMediaStorage({ dataDir, s3 }: Pick<Config, 'dataDir' | 's3'>): MediaStorage {
  return s3 ? new S3MediaStorage(s3) : new LocalMediaStorage(mediaRoot(dataDir));
}
