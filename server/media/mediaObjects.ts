import type { MediaUpload } from '@common/schemas/media.ts';
import type { DB, MediaObjectsTable } from '@server/db/types.ts';
import { HttpError } from '@server/http/errors.ts';
import { type Kysely, PostgresAdapter, type Selectable } from 'kysely';
import { localMediaUrls, type MediaStorage } from './storage.ts';

export type MediaObjectRow = Selectable<MediaObjectsTable>;

const uploadNotFound = () =>
  new HttpError(400, 'invalid_media', 'That upload was not found. Please upload the file again.');

/** The 201 answer of POST /api/media. */
export function presentMediaUpload(
  row: Omit<MediaObjectRow, 'created_at'>,
  urls: Pick<MediaStorage, 'publicUrl'>,
): MediaUpload {
  return {
    id: row.id,
    media_type: row.kind,
    url: urls.publicUrl(row.storage_key),
    feed_url: row.variant_key ? urls.publicUrl(row.variant_key) : null,
    width: row.width ?? 0,
    height: row.height ?? 0,
    duration_ms: row.duration_ms,
  };
}

export interface ClaimedMedia {
  id: string;
  kind: 'photo' | 'video';
  url: string;
  feed_url: string | null;
  duration_ms: number | null;
}

/**
 * For the posts and profile APIs, inside their transaction: the member's own upload, not yet shown by
 * any post or profile (two owners sharing files would lose them when one is deleted). `urls` defaults to the local store's
 * URLs; pass `ctx.media` once storage can be elsewhere.
 */
export async function claimMedia(
  db: Kysely<DB>,
  { mediaId, userId }: { mediaId: string; userId: string },
  urls: Pick<MediaStorage, 'publicUrl'> = localMediaUrls,
): Promise<ClaimedMedia> {
  let query = db
    .selectFrom('media_objects')
    .select(['id', 'user_id', 'kind', 'storage_key', 'variant_key', 'duration_ms'])
    .where('id', '=', mediaId);
  // PostgreSQL: a concurrent claim of the same upload waits here and then sees the first post.
  // SQLite runs one writer at a time and has no FOR UPDATE.
  if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const media = await query.executeTakeFirst();
  if (!media || media.user_id !== userId) throw uploadNotFound();
  // A post, or a wall post waiting for approval, already shows it.
  const usedBy =
    (await db.selectFrom('posts').select('id').where('media_id', '=', mediaId).limit(1).executeTakeFirst()) ??
    (await db
      .selectFrom('pending_posts')
      .select('id')
      .where('media_id', '=', mediaId)
      .limit(1)
      .executeTakeFirst());
  if (usedBy) {
    throw new HttpError(
      400,
      'invalid_media',
      'That upload is already part of a post. Please upload it again.',
    );
  }
  // A profile picture, cover or profile video shows it: replacing that one would delete its file.
  const onProfile = await db
    .selectFrom('profiles')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('avatar_media_id', '=', mediaId),
        eb('cover_media_id', '=', mediaId),
        eb('profile_video_media_id', '=', mediaId),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (onProfile) {
    throw new HttpError(
      400,
      'invalid_media',
      'That upload is already on your profile. Please upload it again.',
    );
  }
  return {
    id: media.id,
    kind: media.kind,
    url: urls.publicUrl(media.storage_key),
    feed_url: media.variant_key ? urls.publicUrl(media.variant_key) : null,
    duration_ms: media.duration_ms,
  };
}

/** Deletes the stored file and its feed variant (the row is the caller's to delete). */
export async function removeMediaFiles(
  storage: MediaStorage,
  row: Pick<MediaObjectRow, 'storage_key' | 'variant_key'>,
): Promise<void> {
  await Promise.all([
    storage.remove(row.storage_key),
    row.variant_key ? storage.remove(row.variant_key) : Promise.resolve(),
  ]);
}
