import type { DB } from '@server/db/types.ts';
import { findOldUploads, type SweepCursor, type SweepOptions, shownBy } from '@server/media/mediaObjects.ts';
import type { Transaction } from 'kysely';
import type { After } from './run.ts';

/**
 * Releases uploads whose owner (a post, a pending wall post, a profile picture, an account) is going
 * or no longer shows them: the rows go in the caller's transaction, the files once it commits. Every
 * change of owner goes through here. An upload that something else still shows is kept, unless
 * `ownersGoing` says that every owner goes in this same transaction (an account's deletion).
 */
export async function releaseUploads(
  trx: Transaction<DB>,
  after: After,
  mediaIds: Array<string | null | undefined>,
  options: { ownersGoing?: boolean } = {},
): Promise<number> {
  const ids = [...new Set(mediaIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return 0;
  let query = trx.deleteFrom('media_objects').where('id', 'in', ids);
  if (!options.ownersGoing)
    query = query.where((eb) => eb.not(eb.or(shownBy(eb, eb.ref('media_objects.id')))));
  const released = await query.returning(['id', 'storage_key', 'variant_key']).execute();
  for (const row of released) after.removeFiles(row);
  return released.length;
}

/**
 * Releases the uploads that nothing shows among the next old ones (a composer closed without posting,
 * a clip chosen and then replaced in a dialog): for one member as they upload again, for everyone in
 * the hourly job (server/jobs). Returns how many went and where the next batch starts.
 */
export async function sweepUnattachedUploads(
  trx: Transaction<DB>,
  after: After,
  options: SweepOptions,
): Promise<{ swept: number; next: SweepCursor | null }> {
  const { ids, next } = await findOldUploads(trx, options);
  return { swept: await releaseUploads(trx, after, ids), next };
}
