import type { MediaUpload } from '@common/schemas/media.ts';
import type { DB, MediaObjectsTable } from '@server/db/types.ts';
import { badRequest } from '@server/http/errors.ts';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  PostgresAdapter,
  type Selectable,
  sql,
} from 'kysely';
import type { MediaStorage, MediaUrls } from './storage.ts';

export type MediaObjectRow = Selectable<MediaObjectsTable>;

const uploadNotFound = () => badRequest('invalid_media');

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
 * Every place that shows an upload. An upload belongs to one of them at most; a new kind of owner adds
 * itself here so claims refuse its uploads and the sweep keeps them.
 */
const SHOWN_BY = [
  { table: 'posts', column: 'media_id', by: 'post' },
  // A link card's image (issue 51): never claimed by a member, but kept while its post shows it.
  { table: 'posts', column: 'card_media_id', by: 'post' },
  { table: 'pending_posts', column: 'media_id', by: 'post' },
  { table: 'profiles', column: 'avatar_media_id', by: 'profile' },
  { table: 'profiles', column: 'cover_media_id', by: 'profile' },
  { table: 'profiles', column: 'profile_video_media_id', by: 'profile' },
  { table: 'groups', column: 'cover_media_id', by: 'group' },
  { table: 'events', column: 'cover_media_id', by: 'event' },
] as const;

const alreadyShown = {
  post: 'media_in_post',
  profile: 'media_on_profile',
  group: 'group_cover_in_use',
  event: 'event_cover_in_use',
} as const;

/** For each place that shows uploads: does it show `mediaId` (a value or a column reference)? */
export function shownBy(eb: ExpressionBuilder<DB, 'media_objects'>, mediaId: Expression<string>) {
  return SHOWN_BY.map(({ table, column }) =>
    eb.exists(
      eb
        .selectFrom(table)
        .select(sql`1`.as('one'))
        .where(sql.ref(`${table}.${column}`), '=', mediaId),
    ),
  );
}

/**
 * For the posts and profile APIs, inside their transaction: the member's own upload, not yet shown by
 * any post or profile (two owners sharing files would lose them when one is deleted). `urls` is the
 * app's storage (`ctx.media`): the returned URLs are stored with the post or profile, so they must
 * point where the files are (the bucket's S3_PUBLIC_URL, say), never default to /media/.
 */
export async function claimMedia(
  db: Kysely<DB>,
  { mediaId, userId }: { mediaId: string; userId: string },
  urls: MediaUrls,
): Promise<ClaimedMedia> {
  let query = db
    .selectFrom('media_objects')
    .select(['id', 'user_id', 'kind', 'storage_key', 'variant_key', 'duration_ms'])
    .where('id', '=', mediaId);
  // PostgreSQL: a concurrent claim of the same upload waits here, and the next statement (a new
  // snapshot) sees the first owner. SQLite runs one writer at a time and has no FOR UPDATE.
  if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const media = await query.executeTakeFirst();
  if (!media || media.user_id !== userId) throw uploadNotFound();
  const shown = await db
    .selectFrom('media_objects')
    .select((eb) => shownBy(eb, sql.val(mediaId)).map((exists, i) => exists.as(`shown_${i}`)))
    .where('id', '=', mediaId)
    .executeTakeFirstOrThrow();
  const owner = SHOWN_BY.find((_, i) => Boolean(Number((shown as Record<string, unknown>)[`shown_${i}`])));
  if (owner) throw badRequest(alreadyShown[owner.by]);
  return {
    id: media.id,
    kind: media.kind,
    url: urls.publicUrl(media.storage_key),
    feed_url: media.variant_key ? urls.publicUrl(media.variant_key) : null,
    duration_ms: media.duration_ms,
  };
}

/** An upload nothing shows is kept this long for its composer or dialog, then swept. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 3600 * 1000;

/** Where a sweep stopped: the last upload it looked at, in (created_at, id) order. */
export interface SweepCursor {
  /**
   * The database's own text of the timestamp: PostgreSQL keeps microseconds the app's ISO strings drop,
   * and a cursor rounded down could look at the same uploads forever.
   */
  created_at: string;
  id: string;
}

export interface SweepOptions {
  /** Only this member's uploads (as they upload again); every member's when absent (the hourly job). */
  userId?: string;
  /** How many old uploads one call looks at, shown or not, so each call is two short statements. */
  limit?: number;
  now?: number;
  /** Go on after this upload: the `next` of the previous call. */
  after?: SweepCursor;
}

/**
 * The next `limit` uploads older than the TTL, shown or not, after `after`: the candidates of a sweep
 * (`sweepUnattachedUploads` in commands/uploads.ts releases those that nothing shows). `next` is where
 * to go on, null once every old upload was seen.
 */
export async function findOldUploads(
  db: Kysely<DB>,
  { userId, limit = 200, now = Date.now(), after }: SweepOptions = {},
): Promise<{ ids: string[]; next: SweepCursor | null }> {
  // Bounding what is looked at, not what is deleted: old uploads that posts show would otherwise be
  // read again by every batch, in one statement that holds the event loop on SQLite.
  let window = db
    .selectFrom('media_objects')
    .select(['id', sql<string>`cast(created_at as text)`.as('at')])
    .where('created_at', '<', new Date(now - UNATTACHED_UPLOAD_TTL_MS).toISOString())
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit);
  if (userId) window = window.where('user_id', '=', userId);
  if (after) window = window.where(sql<boolean>`(created_at, id) > (${after.created_at}, ${after.id})`);
  const seen = await window.execute();
  const last = seen.at(-1);
  return {
    ids: seen.map((row) => row.id),
    next: last && seen.length === limit ? { created_at: last.at, id: last.id } : null,
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
