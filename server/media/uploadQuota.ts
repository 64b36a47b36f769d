import { megabytes } from '@common/schemas/media.ts';
import type { Config } from '@server/config.ts';
import type { Database_ } from '@server/db/database.ts';
import type { DB } from '@server/db/types.ts';
import { HttpError } from '@server/http/errors.ts';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

// Each member's uploads per rolling 24 h (UPLOAD_DAILY_FILES, UPLOAD_DAILY_MB). They are counted in
// upload_usage, one row per accepted upload, not in media_objects: an upload's row goes when its post
// is deleted, its avatar replaced or the sweep takes it, and counting those rows would let a member
// upload, delete and upload again without end. upload_usage rows go 24 h later (pruneUploadUsage).
export const UPLOAD_QUOTA_WINDOW_MS = 24 * 3600 * 1000;

export interface UploadUsage {
  files: number;
  bytes: number;
  /** When the oldest upload in the window leaves it (ms), or null with none. */
  freesAt: number | null;
}

/** A 429 with the moment the quota frees up, sent as Retry-After. */
export class UploadQuotaExceeded extends HttpError {
  constructor(
    params:
      | { code: 'upload_quota_files'; uploaded: number; limit: number }
      | { code: 'upload_quota_bytes'; uploaded: string; limit: string }
      | { code: 'upload_quota_bytes_file'; uploaded: string; file: string; limit: string },
    retryAfterSeconds: number,
  ) {
    const { code, ...values } = params;
    const { message } = HttpError.of(429, code, values as never);
    super(429, code, message, values);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export async function readUploadUsage(
  db: Kysely<DB> | Transaction<DB>,
  userId: string,
  now = Date.now(),
): Promise<UploadUsage> {
  const row = await db
    .selectFrom('upload_usage')
    .select((eb) => [
      eb.fn.countAll().as('files'),
      eb.fn.sum('size_bytes').as('bytes'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now - UPLOAD_QUOTA_WINDOW_MS).toISOString())
    .executeTakeFirst();
  const oldest = row?.oldest ? new Date(String(row.oldest)).getTime() : null;
  return {
    files: Number(row?.files ?? 0),
    bytes: Number(row?.bytes ?? 0),
    freesAt: oldest === null ? null : oldest + UPLOAD_QUOTA_WINDOW_MS,
  };
}

/** Throws UploadQuotaExceeded when one more upload of `fileBytes` would pass the member's quota. */
export function assertWithinQuota(
  usage: UploadUsage,
  quota: Config['uploadQuota'],
  fileBytes: number,
  now = Date.now(),
): void {
  const retryAfter = Math.max(1, Math.ceil(((usage.freesAt ?? now) - now) / 1000));
  if (usage.files >= quota.files) {
    throw new UploadQuotaExceeded(
      { code: 'upload_quota_files', uploaded: usage.files, limit: quota.files },
      retryAfter,
    );
  }
  if (usage.bytes + fileBytes > quota.bytes) {
    const [uploaded, limit] = [megabytes(usage.bytes), megabytes(quota.bytes)];
    throw new UploadQuotaExceeded(
      fileBytes > 0
        ? { code: 'upload_quota_bytes_file', uploaded, file: megabytes(fileBytes), limit }
        : { code: 'upload_quota_bytes', uploaded, limit },
      retryAfter,
    );
  }
}

/**
 * Records an accepted upload inside `record`'s transaction after checking the quota once more, with
 * the member's row locked on PostgreSQL, so two uploads at once cannot both take the last place.
 */
export async function recordWithinQuota(
  database: Database_,
  quota: Config['uploadQuota'],
  userId: string,
  bytes: number,
  record: (trx: Transaction<DB>) => Promise<void>,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres') {
      await trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
    }
    const now = Date.now();
    assertWithinQuota(await readUploadUsage(trx, userId, now), quota, bytes, now);
    await record(trx);
    await trx
      .insertInto('upload_usage')
      .values({ id: uuidv7(), user_id: userId, size_bytes: bytes, created_at: new Date(now).toISOString() })
      .execute();
  });
}

/** Deletes usage rows that have left the window, a batch at a time; returns how many went. */
export async function pruneUploadUsage(db: Kysely<DB>, now = Date.now(), batch = 1000): Promise<number> {
  const cutoff = new Date(now - UPLOAD_QUOTA_WINDOW_MS).toISOString();
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom('upload_usage')
      .where(
        'id',
        'in',
        db.selectFrom('upload_usage').select('id').where('created_at', '<=', cutoff).limit(batch),
      )
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < batch) return total;
  }
}
