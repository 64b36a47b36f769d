import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import type { FeedPage } from '@common/schemas/posts.ts';
import {
  type AboutField,
  avatarInputSchema,
  coverInputSchema,
  type FollowList,
  followListQuerySchema,
  PROFILE_MESSAGES,
  type ProfilePage,
  profileDetailsSchema,
  profileVideoInputSchema,
  profileVideoTooLongMessage,
  wallQuerySchema,
} from '@common/schemas/profilePage.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import { countFollowers, friendshipBetween } from '@server/commands/follows.ts';
import type { DB } from '@server/db/types.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { badRequest, forbidden, notFound } from '@server/http/errors.ts';
import { parseInput } from '@server/http/validate.ts';
import {
  type ClaimedMedia,
  claimMedia,
  type MediaObjectRow,
  removeMediaFiles,
} from '@server/media/mediaObjects.ts';
import { canSeeFollowLists, isProfileOwner } from '@server/policies/profile.ts';
import { presentProfileSummary } from '@server/presenters/profile.ts';
import { decodeCursor, encodeCursor } from '@server/queries/cursor.ts';
import { listFeed } from '@server/queries/posts.ts';
import { followRoutes, memberIdParam } from '@server/routes/follows/follows.ts';
import { wallRoutes } from '@server/routes/wall/wall.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';

type IdParams = { Params: { id: string } };

const profileColumns = [
  'id',
  'username',
  'full_name',
  'avatar_url',
  'bio',
  'cover_photo_url',
  'cover_photo_position',
  'profile_video_url',
  'hobbies',
  'favorite_movies',
  'favorite_music',
  'favorite_books',
  'education',
  'work',
  'relationship_status',
  'hometown',
  'current_city',
  'website',
  'followers_visible',
] as const;

/** The profile page of a member as the viewer sees it, or null when there is no such member. */
export async function loadProfilePage(
  db: Kysely<DB> | Transaction<DB>,
  viewer: Viewer,
  by: { id: string } | { username: string },
): Promise<ProfilePage | null> {
  let query = db.selectFrom('profiles').select(profileColumns);
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('username', '=', by.username);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const [following, mine, friendship, followers] = await Promise.all([
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('follower_id', '=', row.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('follows')
      .select('id')
      .where('follower_id', '=', viewer.userId)
      .where('following_id', '=', row.id)
      .executeTakeFirst(),
    friendshipBetween(db, viewer.userId, row.id),
    countFollowers(db, row.id),
  ]);
  return {
    ...row,
    cover_photo_position: Number(row.cover_photo_position),
    followers_visible: Boolean(row.followers_visible),
    followers_count: followers,
    following_count: Number(following.n),
    is_me: isProfileOwner(viewer, row),
    i_follow: Boolean(mine),
    friendship,
  };
}

async function requireProfile(db: Kysely<DB>, id: string) {
  const profile = await db
    .selectFrom('profiles')
    .select(['id', 'followers_visible'])
    .where('id', '=', memberIdParam(id))
    .executeTakeFirst();
  if (!profile) throw notFound(PROFILE_MESSAGES.userNotFound);
  return profile;
}

async function ownProfile(db: Kysely<DB>, viewer: Viewer): Promise<ProfilePage> {
  const page = await loadProfilePage(db, viewer, { id: viewer.userId });
  if (!page) throw notFound(PROFILE_MESSAGES.userNotFound);
  return page;
}

type ProfileSlot = 'avatar' | 'cover' | 'video';
const slotColumns = {
  avatar: { url: 'avatar_url', media: 'avatar_media_id' },
  cover: { url: 'cover_photo_url', media: 'cover_media_id' },
  video: { url: 'profile_video_url', media: 'profile_video_media_id' },
} as const;

/**
 * Points one of the member's profile pictures at an upload (or at none), inside the transaction. The
 * upload it showed before is deleted with it; its files are returned for the caller to remove once
 * the transaction has committed. Choosing the upload it already shows changes nothing.
 */
async function replaceProfileMedia(
  trx: Transaction<DB>,
  viewer: Viewer,
  slot: ProfileSlot,
  next: { mediaId: string; check: (media: ClaimedMedia) => string } | null,
  extra: { cover_photo_position?: number } = {},
): Promise<MediaObjectRow | undefined> {
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
    return undefined;
  }
  let url: string | null = null;
  if (next) {
    const media = await claimMedia(trx, { mediaId: next.mediaId, userId: viewer.userId });
    url = next.check(media);
  }
  await trx
    .updateTable('profiles')
    .set({ [columns.url]: url, [columns.media]: next?.mediaId ?? null, ...extra, updated_at: now })
    .where('id', '=', viewer.userId)
    .execute();
  if (!previous) return undefined;
  return trx.deleteFrom('media_objects').where('id', '=', previous).returningAll().executeTakeFirst();
}

/** Followers (who follow the member) or following (whom the member follows), newest follow first. */
async function listFollows(
  db: Kysely<DB>,
  userId: string,
  direction: 'followers' | 'following',
  options: { before?: string | undefined; limit?: number | undefined },
): Promise<FollowList> {
  const limit = options.limit ?? 30;
  const [mine, theirs] =
    direction === 'followers'
      ? (['follows.following_id', 'follows.follower_id'] as const)
      : (['follows.follower_id', 'follows.following_id'] as const);
  let query = db
    .selectFrom('follows')
    .innerJoin('profiles', 'profiles.id', theirs)
    .select([
      'follows.id as follow_id',
      'follows.created_at',
      'profiles.id',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
      'profiles.bio',
    ])
    .where(mine, '=', userId);
  if (options.before) {
    const cursor = decodeCursor(options.before, 'the list');
    query = query.where(sql<boolean>`(follows.created_at, follows.id) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const rows = await query
    .orderBy('follows.created_at', 'desc')
    .orderBy('follows.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    profiles: page.map(presentProfileSummary),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ created_at: last.created_at, id: last.follow_id }) : null,
  };
}

/**
 * The profile page's API (spec section 2, 'Profile'): the page itself, its wall and tabs, the About
 * details, avatar and cover, followers lists, follows and posts waiting for approval.
 */
export function profilePageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get<{ Params: { username: string } }>(
    '/api/profiles/by-username/:username',
    async (request): Promise<ProfilePage> => {
      const viewer = await requireViewer(ctx, request);
      const username = request.params.username.toLowerCase();
      const page = /^[a-z0-9_]{1,64}$/.test(username)
        ? await loadProfilePage(db, viewer, { username })
        : null;
      if (!page) throw notFound(PROFILE_MESSAGES.userNotFound);
      return page;
    },
  );

  app.patch('/api/profiles/me/details', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const input = parseInput(profileDetailsSchema, request.body);
    const changes: Partial<Record<AboutField, string | null>> = {};
    for (const [field, value] of Object.entries(input) as Array<[AboutField, string | undefined]>) {
      if (value !== undefined) changes[field] = value === '' ? null : value;
    }
    if (Object.keys(changes).length > 0) {
      await db
        .updateTable('profiles')
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where('id', '=', viewer.userId)
        .execute();
    }
    return ownProfile(db, viewer);
  });

  /** Runs a profile picture change and removes the replaced upload's files after it commits. */
  async function changeProfileMedia(
    request: FastifyRequest,
    viewer: Viewer,
    change: (trx: Transaction<DB>) => Promise<MediaObjectRow | undefined>,
  ): Promise<ProfilePage> {
    const replaced = await db.transaction().execute(change);
    if (replaced) {
      await removeMediaFiles(ctx.media, replaced).catch((error: unknown) =>
        request.log.warn({ err: error, mediaId: replaced.id }, 'could not remove a replaced profile file'),
      );
    }
    return ownProfile(db, viewer);
  }

  app.patch('/api/profiles/me/avatar', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const { media_id } = parseInput(avatarInputSchema, request.body);
    return changeProfileMedia(request, viewer, (trx) =>
      replaceProfileMedia(trx, viewer, 'avatar', {
        mediaId: media_id,
        check: (media) => {
          if (media.kind !== 'photo') throw badRequest(PROFILE_MESSAGES.avatarNotPhoto, 'not_a_photo');
          return media.feed_url ?? media.url;
        },
      }),
    );
  });

  app.patch('/api/profiles/me/cover', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const input = parseInput(coverInputSchema, request.body);
    return changeProfileMedia(request, viewer, async (trx) => {
      if (input.media_id) {
        return replaceProfileMedia(
          trx,
          viewer,
          'cover',
          { mediaId: input.media_id, check: (media) => media.url },
          { cover_photo_position: input.position },
        );
      }
      const current = await trx
        .selectFrom('profiles')
        .select('cover_photo_url')
        .where('id', '=', viewer.userId)
        .executeTakeFirst();
      if (!current?.cover_photo_url) throw badRequest(PROFILE_MESSAGES.coverNoFile, 'no_file');
      await trx
        .updateTable('profiles')
        .set({ cover_photo_position: input.position, updated_at: new Date().toISOString() })
        .where('id', '=', viewer.userId)
        .execute();
      return undefined;
    });
  });

  app.put('/api/profiles/me/video', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const { media_id } = parseInput(profileVideoInputSchema, request.body);
    return changeProfileMedia(request, viewer, (trx) =>
      replaceProfileMedia(trx, viewer, 'video', {
        mediaId: media_id,
        check: (media) => {
          if (media.kind !== 'video') {
            throw badRequest(PROFILE_MESSAGES.profileVideoNotVideo, 'not_a_video');
          }
          const seconds = (media.duration_ms ?? 0) / 1000;
          if (seconds > MEDIA_LIMITS.profileVideoSeconds + MEDIA_LIMITS.videoToleranceSeconds) {
            throw badRequest(profileVideoTooLongMessage(seconds), 'video_too_long');
          }
          return media.url;
        },
      }),
    );
  });

  app.delete('/api/profiles/me/video', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    return changeProfileMedia(request, viewer, (trx) => replaceProfileMedia(trx, viewer, 'video', null));
  });

  app.get<IdParams>('/api/profiles/:id/posts', async (request): Promise<FeedPage> => {
    const viewer = await requireViewer(ctx, request);
    const query = parseInput(wallQuerySchema, request.query);
    const profile = await requireProfile(db, request.params.id);
    return listFeed(db, viewer.userId, { ...query, wallOf: profile.id });
  });

  for (const direction of ['followers', 'following'] as const) {
    app.get<IdParams>(`/api/profiles/:id/${direction}`, async (request): Promise<FollowList> => {
      const viewer = await requireViewer(ctx, request);
      const query = parseInput(followListQuerySchema, request.query);
      const profile = await requireProfile(db, request.params.id);
      if (!canSeeFollowLists(viewer, profile)) throw forbidden(PROFILE_MESSAGES.followersPrivate);
      return listFollows(db, profile.id, direction, query);
    });
  }

  followRoutes(app, ctx);
  wallRoutes(app, ctx);
}
