import type { Post } from '@common/schemas/posts.ts';
import {
  type PendingPost,
  type PendingPostList,
  type WallPostResult,
  wallPostInputSchema,
} from '@common/schemas/wall.ts';
import { runCommand } from '@server/commands/run.ts';
import { approvePendingPost, createWallPost, rejectPendingPost } from '@server/commands/wallPosts.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { idParam, memberIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { getPost } from '@server/queries/posts.ts';
import { getPendingPost, listPendingPosts } from '@server/queries/wall.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

const pendingIdParam = (id: string) => idParam(id, 'pending_post_not_found');

/** Posts on profile walls and the owner's approvals (spec section 4, 'Pending post'). */
export function wallRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const postLimit = memberLimit(app, 'post');

  app.post<IdParams>('/api/profiles/:id/wall', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await postLimit(request, viewer.userId);
    const ownerId = memberIdParam(request.params.id);
    const input = parseInput(wallPostInputSchema, request.body);
    const result = await runCommand(ctx, (trx, after) =>
      createWallPost(trx, after, viewer, ownerId, input, ctx.media),
    );
    const answer: WallPostResult =
      result.status === 'published'
        ? { status: 'published', post: (await getPost(db, viewer.userId, result.postId))! }
        : { status: 'pending', pending_post: await getPendingPost(db, viewer, result.pendingId) };
    return reply.status(201).send(answer);
  });

  // The owner's Pending Approvals, newest first.
  app.get('/api/profiles/me/pending', async (request): Promise<PendingPostList> => {
    const viewer = await requireViewer(ctx, request);
    return listPendingPosts(db, viewer, viewer.userId);
  });

  // On someone else's wall, what the viewer wrote there that still waits for the owner.
  app.get<IdParams>('/api/profiles/:id/pending', async (request): Promise<PendingPostList> => {
    const viewer = await requireViewer(ctx, request);
    return listPendingPosts(db, viewer, memberIdParam(request.params.id));
  });

  app.get<IdParams>('/api/pending-posts/:id', async (request): Promise<PendingPost> => {
    const viewer = await requireViewer(ctx, request);
    return getPendingPost(db, viewer, pendingIdParam(request.params.id));
  });

  app.post<IdParams>('/api/pending-posts/:id/approve', async (request): Promise<Post> => {
    const viewer = await requireViewer(ctx, request);
    const pendingId = pendingIdParam(request.params.id);
    const postId = await runCommand(ctx, (trx, after) => approvePendingPost(trx, after, viewer, pendingId));
    return (await getPost(db, viewer.userId, postId))!;
  });

  app.post<IdParams>('/api/pending-posts/:id/reject', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const pendingId = pendingIdParam(request.params.id);
    await runCommand(ctx, (trx, after) => rejectPendingPost(trx, after, viewer, pendingId));
    return reply.status(204).send();
  });
}
