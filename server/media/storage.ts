import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live: DATA_DIR/media, or an S3-compatible bucket (s3Storage.ts). */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes the file; a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
  /** Copies a stored file to another key (its content type with it), replacing what is there. */
  copy(from: string, to: string): Promise<void>;
  /** The URL the browser loads the file from. */
  publicUrl(key: string): string;
  /** Lets go of connections when the app closes (nothing to do for the local folder). */
  close?(): void;
}

/** What turns storage keys into URLs: the app's storage (`ctx.media`), which knows where files are. */
export type MediaUrls = Pick<MediaStorage, 'publicUrl'>;

// Keys are built by the server (`m/<upload id>.jpg`; uploads before issue 49 `u/<userId>/<upload id>.jpg`):
// plain relative paths, no dot-segments.
const KEY_PATTERN = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').some((segment) => segment === '..' || segment === '.');
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
}

// A full disk or a used-up quota, whether the file system, SQLite or PostgreSQL says so.
const OUT_OF_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** True when a write failed for lack of space (the upload answers 507, never a half-written file). */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && OUT_OF_SPACE_CODES.has(code);
}

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

  async copy(from: string, to: string): Promise<void> {
    const file = this.pathOf(to);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${path.dirname(file)}/.${randomUUID()}.partial`;
    try {
      await copyFile(this.pathOf(from), partial);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /** Served by the app (routes/media/serveMedia.ts). */
  publicUrl(key: string): string {
    return `/media/${key}`;
  }

  private pathOf(key: string): string {
    assertMediaKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}
