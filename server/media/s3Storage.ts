import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '@server/config.ts';
import { assertMediaKey, type MediaStorage } from './storage.ts';

/** Keys never change (a new upload gets a new key), so anything may keep a file for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What the serving route asks of the bucket, from the browser's request. */
export interface MediaRead {
  /** One byte range as the browser sent it (`bytes=0-`, `bytes=100-199`, `bytes=-500`). */
  range?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: Date | undefined;
  /** HEAD: the headers without the body. */
  headOnly?: boolean;
}

/** A file as the bucket answered for it, to pass on to the browser. */
export interface StoredMedia {
  status: 200 | 206 | 304 | 416;
  /** content-type, content-length, content-range, etag and last-modified, those the bucket sent. */
  headers: Record<string, string>;
  /** Streamed from the bucket as the browser reads it; null for HEAD, 304 and 416. */
  body: Readable | null;
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/**
 * Error codes of S3-compatible stores that are full or over a quota: HTTP 507 InsufficientStorage,
 * MinIO's drive threshold (XMinioStorageFull, 507) and bucket quota (XMinioAdminBucketQuotaExceeded,
 * 400), Ceph RGW's quotas (QuotaExceeded, 403), and the plain names others use.
 */
const STORE_FULL_CODES = new Set([
  'InsufficientStorage',
  'XMinioStorageFull',
  'XMinioAdminBucketQuotaExceeded',
  'QuotaExceeded',
  'StorageFull',
]);

function storeIsFull(error: unknown): boolean {
  return error instanceof S3ServiceException && (statusOf(error) === 507 || STORE_FULL_CODES.has(error.name));
}

/**
 * A write the bucket refused for lack of space. Its code is the one a full disk has, so isOutOfSpace
 * (storage.ts) and the upload route treat both alike: 507 'The server is out of storage space...'.
 */
export class BucketFullError extends Error {
  readonly code = 'ENOSPC';
  constructor(cause: unknown) {
    super('The media bucket is out of space.', { cause });
    this.name = 'BucketFullError';
  }
}

/** Uploads in an S3-compatible bucket (AWS, MinIO, Garage, R2...), by path-style requests. */
export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string | undefined;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.publicBase = config.publicUrl;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Most self-hosted S3s have no per-bucket host names.
      forcePathStyle: true,
      // The SDK's default CRC32 checksums (2025) are refused or ignored by many S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** One PUT: S3 stores an object whole or not at all, so a refused write leaves nothing behind. */
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertMediaKey(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    } catch (error) {
      throw storeIsFull(error) ? new BucketFullError(error) : error;
    }
  }

  /** One server-side copy: the object's content type and cache headers go with it. */
  async copy(from: string, to: string): Promise<void> {
    assertMediaKey(from);
    assertMediaKey(to);
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        MetadataDirective: 'COPY',
      }),
    );
  }

  async remove(key: string): Promise<void> {
    assertMediaKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 for a key that is not there; some compatible servers answer 404.
      if (statusOf(error) !== 404 || (error as Error).name === 'NoSuchBucket') throw error;
    }
  }

  publicUrl(key: string): string {
    assertMediaKey(key);
    return this.publicBase ? `${this.publicBase}/${key}` : `/media/${key}`;
  }

  /** The file (or the range asked for), or null when there is no such key. */
  async get(key: string, read: MediaRead = {}): Promise<StoredMedia | null> {
    assertMediaKey(key);
    const input = {
      Bucket: this.bucket,
      Key: key,
      Range: read.range,
      IfNoneMatch: read.ifNoneMatch,
      IfModifiedSince: read.ifModifiedSince,
    };
    try {
      const output = read.headOnly
        ? await this.client.send(new HeadObjectCommand(input))
        : await this.client.send(new GetObjectCommand(input));
      const headers: Record<string, string> = {};
      if (output.ContentType) headers['content-type'] = output.ContentType;
      if (output.ContentLength !== undefined) headers['content-length'] = String(output.ContentLength);
      if (output.ContentRange) headers['content-range'] = output.ContentRange;
      if (output.ETag) headers.etag = output.ETag;
      if (output.LastModified) headers['last-modified'] = output.LastModified.toUTCString();
      const body = 'Body' in output && output.Body instanceof Readable ? output.Body : null;
      if (!read.headOnly && !body) throw new Error(`The bucket sent no readable body for ${key}`);
      return { status: output.$metadata.httpStatusCode === 206 ? 206 : 200, headers, body };
    } catch (error) {
      const status = statusOf(error);
      // A missing bucket is a broken configuration, not a missing file: it stays an error (500).
      if (status === 404 && (error as Error).name !== 'NoSuchBucket') return null;
      if (status === 304 || status === 416) return { status, headers: {}, body: null };
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
