import type { Post } from '@common/schemas/posts.ts';
import {
  type PendingPost,
  type PendingPostList,
  PROFILE_MESSAGES,
  type WallPostResult,
  wallPostInputSchema,
} from '@common/schemas/profilePage.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import { approvePendingPost, createWallPost, rejectPendingPost } from '@server/commands/wallPosts.ts';
import type { DB } from '@server/db/types.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { notFound } from '@server/http/errors.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { removeMediaFiles } from '@server/media/mediaObjects.ts';
import { canViewPendingPost } from '@server/policies/profile.ts';
import { presentAuthor } from '@server/presenters/post.ts';
import { getPost } from '@server/queries/posts.ts';
import { memberIdParam } from '@server/routes/follows/follows.ts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';

type IdParams = { Params: { id: string } };
const PENDING_LIST_LIMIT = 100;

function pendingIdParam(id: string): string {
  if (!/^[0-9a-zA-Z-]{1,64}$/.test(id)) throw notFound(PROFILE_MESSAGES.pendingNotFound);
  return id;
}

function selectPending(db: Kysely<DB>) {
  return db
    .selectFrom('pending_posts')
    .innerJoin('profiles', 'profiles.id', 'pending_posts.author_id')
    .select([
      'pending_posts.id',
      'pending_posts.profile_owner_id',
      'pending_posts.author_id',
      'pending_posts.content',
      'pending_posts.media_type',
      'pending_posts.image_url',
      'pending_posts.image_feed_url',
      'pending_posts.created_at',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
    ]);
}

type PendingRow = Awaited<ReturnType<ReturnType<typeof selectPending>['executeTakeFirstOrThrow']>>;

function presentPending(row: PendingRow): PendingPost {
  return {
    id: row.id,
    profile_owner_id: row.profile_owner_id,
    author: presentAuthor({ ...row, user_id: row.author_id }),
    content: row.content,
    media_type: row.media_type,
    image_url: row.image_url,
    image_feed_url: row.image_feed_url,
    created_at: row.created_at,
  };
}

/** A pending post for its author or the wall's owner; nobody else learns that it exists. */
async function getPendingFor(db: Kysely<DB>, viewer: Viewer, id: string): Promise<PendingPost> {
  const row = await selectPending(db).where('pending_posts.id', '=', id).executeTakeFirst();
  if (!row || !canViewPendingPost(viewer, row)) throw notFound(PROFILE_MESSAGES.pendingNotFound);
  return presentPending(row);
}

/** The upload of a rejected post goes too, unless a post shows it (claimMedia does not see pending posts). */
async function removeRejectedMedia(ctx: AppContext, mediaId: string, log: FastifyBaseLogger) {
  const { db } = ctx.database;
  const media = await db.selectFrom('media_objects').selectAll().where('id', '=', mediaId).executeTakeFirst();
  if (!media) return;
  const shown = await db.selectFrom('posts').select('id').where('media_id', '=', mediaId).executeTakeFirst();
  if (shown) return;
  await db.deleteFrom('media_objects').where('id', '=', mediaId).execute();
  await removeMediaFiles(ctx.media, media).catch((error: unknown) =>
    log.warn({ err: error, mediaId }, 'could not remove media files of a rejected wall post'),
  );
}

/** Posts on profile walls and the owner's approvals (spec section 4, 'Pending post'). */
export function wallRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const postLimit = memberLimit(app, 'post');

  app.post<IdParams>('/api/profiles/:id/wall', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await postLimit(request, viewer.userId);
    const ownerId = memberIdParam(request.params.id);
    const input = parseInput(wallPostInputSchema, request.body);
    const result = await createWallPost(db, viewer, ownerId, input);
    if (result.notified) ctx.realtime.notificationsChanged([result.notified]);
    const answer: WallPostResult =
      result.status === 'published'
        ? { status: 'published', post: (await getPost(db, viewer.userId, result.postId))! }
        : { status: 'pending', pending_post: await getPendingFor(db, viewer, result.pendingId) };
    return reply.status(201).send(answer);
  });

  // The owner's Pending Approvals, newest first.
  app.get('/api/profiles/me/pending', async (request): Promise<PendingPostList> => {
    const viewer = await requireViewer(ctx, request);
    const rows = await selectPending(db)
      .where('pending_posts.profile_owner_id', '=', viewer.userId)
      .orderBy('pending_posts.created_at', 'desc')
      .orderBy('pending_posts.id', 'desc')
      .limit(PENDING_LIST_LIMIT)
      .execute();
    return { pending_posts: rows.map(presentPending) };
  });

  // On someone else's wall, what the viewer wrote there that still waits for the owner.
  app.get<IdParams>('/api/profiles/:id/pending', async (request): Promise<PendingPostList> => {
    const viewer = await requireViewer(ctx, request);
    const ownerId = memberIdParam(request.params.id);
    let query = selectPending(db).where('pending_posts.profile_owner_id', '=', ownerId);
    if (ownerId !== viewer.userId) query = query.where('pending_posts.author_id', '=', viewer.userId);
    const rows = await query
      .orderBy('pending_posts.created_at', 'desc')
      .orderBy('pending_posts.id', 'desc')
      .limit(PENDING_LIST_LIMIT)
      .execute();
    return { pending_posts: rows.map(presentPending) };
  });

  app.get<IdParams>('/api/pending-posts/:id', async (request): Promise<PendingPost> => {
    const viewer = await requireViewer(ctx, request);
    return getPendingFor(db, viewer, pendingIdParam(request.params.id));
  });

  app.post<IdParams>('/api/pending-posts/:id/approve', async (request): Promise<Post> => {
    const viewer = await requireViewer(ctx, request);
    const postId = await approvePendingPost(db, viewer, pendingIdParam(request.params.id));
    return (await getPost(db, viewer.userId, postId))!;
  });

  app.post<IdParams>('/api/pending-posts/:id/reject', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const mediaId = await rejectPendingPost(db, viewer, pendingIdParam(request.params.id));
    if (mediaId) await removeRejectedMedia(ctx, mediaId, request.log);
    return reply.status(204).send();
  });
}
