import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest } from '@server/http/errors.ts';
import { type ClaimedMedia, claimMedia } from '@server/media/mediaObjects.ts';
import type { MediaUrls } from '@server/media/storage.ts';
import { PostgresAdapter, type Transaction } from 'kysely';
import type { After } from './run.ts';
import { releaseUploads } from './uploads.ts';

type ProfileSlot = 'avatar' | 'cover' | 'video';
const slotColumns = {
  avatar: { url: 'avatar_url', media: 'avatar_media_id' },
  cover: { url: 'cover_photo_url', media: 'cover_media_id' },
  video: { url: 'profile_video_url', media: 'profile_video_media_id' },
} as const;

/**
 * Points one of the member's profile pictures at an upload (or at none), inside the transaction. The
 * upload it showed before is released (its files go once the transaction commits). Choosing the
 * upload it already shows changes nothing.
 */
export async function replaceProfileMedia(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  slot: ProfileSlot,
  next: { mediaId: string; urls: MediaUrls; check: (media: ClaimedMedia) => string } | null,
  extra: { cover_photo_position?: number } = {},
): Promise<void> {
  const columns = slotColumns[slot];
  let query = trx.selectFrom('profiles').select(columns.media).where('id', '=', viewer.userId);
  // PostgreSQL: two changes at once take turns, so neither leaves the other's upload behind.
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const current = await query.executeTakeFirst();
  const previous = current?.[columns.media] ?? null;
  const now = new Date().toISOString();
  if (next && previous === next.mediaId) {
    if (Object.keys(extra).length > 0) {
      await trx
        .updateTable('profiles')
        .set({ ...extra, updated_at: now })
        .where('id', '=', viewer.userId)
        .execute();
    }
    return;
  }
  let url: string | null = null;
  if (next) {
    const media = await claimMedia(trx, { mediaId: next.mediaId, userId: viewer.userId }, next.urls);
    url = next.check(media);
  }
  await trx
    .updateTable('profiles')
    .set({ [columns.url]: url, [columns.media]: next?.mediaId ?? null, ...extra, updated_at: now })
    .where('id', '=', viewer.userId)
    .execute();
  await releaseUploads(trx, after, [previous]);
}

/** Moves the cover without changing it; there must be a cover to move. */
export async function moveCover(trx: Transaction<DB>, viewer: Viewer, position: number): Promise<void> {
  const current = await trx
    .selectFrom('profiles')
    .select('cover_photo_url')
    .where('id', '=', viewer.userId)
    .executeTakeFirst();
  if (!current?.cover_photo_url) throw badRequest('no_file');
  await trx
    .updateTable('profiles')
    .set({ cover_photo_position: position, updated_at: new Date().toISOString() })
    .where('id', '=', viewer.userId)
    .execute();
}
