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
  wallQuerySchema,
} from '@common/schemas/profilePage.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import { countFollowers, friendshipBetween } from '@server/commands/follows.ts';
import type { DB } from '@server/db/types.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { badRequest, forbidden, HttpError, notFound } from '@server/http/errors.ts';
import { parseInput } from '@server/http/validate.ts';
import { claimMedia } from '@server/media/mediaObjects.ts';
import { canSeeFollowLists, isProfileOwner } from '@server/policies/profile.ts';
import { presentProfileSummary } from '@server/presenters/profile.ts';
import { encodeCursor, listFeed } from '@server/queries/posts.ts';
import { followRoutes, memberIdParam } from '@server/routes/follows/follows.ts';
import { wallRoutes } from '@server/routes/wall/wall.ts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';

type IdParams = { Params: { id: string } };

const profileColumns = [
  'id',
  'username',
  'full_name',
  'avatar_url',
  'bio',
  'cover_photo_url',
  'cover_photo_position',
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

/** A profile picture or cover must be the member's own unused upload, not one waiting on a wall. */
async function claimProfileMedia(trx: Transaction<DB>, viewer: Viewer, mediaId: string) {
  const media = await claimMedia(trx, { mediaId, userId: viewer.userId });
  const waiting = await trx
    .selectFrom('pending_posts')
    .select('id')
    .where('media_id', '=', mediaId)
    .limit(1)
    .executeTakeFirst();
  if (waiting) {
    throw new HttpError(
      400,
      'invalid_media',
      'That upload is already part of a post. Please upload it again.',
    );
  }
  return media;
}

const cursorOf = (row: { created_at: string; id: string }) => encodeCursor(row);
function decodeCursor(cursor: string) {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) {
    throw badRequest('The page cursor is not valid. Reload the list.', 'invalid_cursor');
  }
  return { createdAt, id };
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
    const cursor = decodeCursor(options.before);
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
      rows.length > limit && last ? cursorOf({ created_at: last.created_at, id: last.follow_id }) : null,
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

  app.patch('/api/profiles/me/avatar', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const { media_id } = parseInput(avatarInputSchema, request.body);
    await db.transaction().execute(async (trx) => {
      const media = await claimProfileMedia(trx, viewer, media_id);
      if (media.kind !== 'photo') throw badRequest(PROFILE_MESSAGES.avatarNotPhoto, 'not_a_photo');
      await trx
        .updateTable('profiles')
        .set({ avatar_url: media.feed_url ?? media.url, updated_at: new Date().toISOString() })
        .where('id', '=', viewer.userId)
        .execute();
    });
    return ownProfile(db, viewer);
  });

  app.patch('/api/profiles/me/cover', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const input = parseInput(coverInputSchema, request.body);
    await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      if (input.media_id) {
        const media = await claimProfileMedia(trx, viewer, input.media_id);
        if (media.kind !== 'photo' && media.kind !== 'video') {
          throw badRequest(PROFILE_MESSAGES.coverNotMedia, 'not_image_or_video');
        }
        await trx
          .updateTable('profiles')
          .set({ cover_photo_url: media.url, cover_photo_position: input.position, updated_at: now })
          .where('id', '=', viewer.userId)
          .execute();
        return;
      }
      const current = await trx
        .selectFrom('profiles')
        .select('cover_photo_url')
        .where('id', '=', viewer.userId)
        .executeTakeFirst();
      if (!current?.cover_photo_url) throw badRequest(PROFILE_MESSAGES.coverNoFile, 'no_file');
      await trx
        .updateTable('profiles')
        .set({ cover_photo_position: input.position, updated_at: now })
        .where('id', '=', viewer.userId)
        .execute();
    });
    return ownProfile(db, viewer);
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
