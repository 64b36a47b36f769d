import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Small on purpose: an S3 implementation replaces the local one later. */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes the file; a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
  /** The URL the browser loads the file from. */
  publicUrl(key: string): string;
}

// Keys are built by the server (`u/<userId>/<uuid>.jpg`): plain relative paths, no dot-segments.
const KEY_PATTERN = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function assertMediaKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Invalid media key: ${key}`);
  }
}

/** URLs of the local store (and of anything served under /media/ by this app). */
export const localMediaUrls: Pick<MediaStorage, 'publicUrl'> = {
  publicUrl: (key) => `/media/${key}`,
};

/** Files under DATA_DIR/media, served read-only by the app at /media/. */
export class LocalMediaStorage implements MediaStorage {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside the target then renamed, so a reader never sees half a file.
    const partial = `${path.dirname(file)}/.${randomUUID()}.partial`;
    try {
      await writeFile(partial, data, { flag: 'wx' });
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    return localMediaUrls.publicUrl(key);
  }

  private pathOf(key: string): string {
    assertMediaKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

export function createMediaStorage(dataDir: string): MediaStorage {
  return new LocalMediaStorage(mediaRoot(dataDir));
}
