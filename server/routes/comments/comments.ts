import { type Comment, createCommentSchema } from '@common/schemas/posts.ts';
import { addComment, deleteComment } from '@server/commands/posts.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { notFound } from '@server/http/errors.ts';
import { commentIdParam, postIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { getComment, getPost, listComments } from '@server/queries/posts.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

export function commentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const commentLimit = memberLimit(app, 'comment');

  app.get<IdParams>('/api/posts/:id/comments', async (request): Promise<{ comments: Comment[] }> => {
    const viewer = await requireViewer(ctx, request);
    const postId = postIdParam(request.params.id);
    // getPost leaves out the posts of members blocked either way.
    if (!(await getPost(db, viewer.userId, postId))) throw notFound('post_not_found');
    return { comments: await listComments(db, viewer.userId, postId) };
  });

  app.post<IdParams>('/api/posts/:id/comments', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await commentLimit(request, viewer.userId);
    const postId = postIdParam(request.params.id);
    const { content } = parseInput(createCommentSchema, request.body);
    const id = await runCommand(ctx, (trx, after) => addComment(trx, after, viewer, postId, content));
    return reply.status(201).send(await getComment(db, id));
  });

  app.delete<IdParams>('/api/comments/:id', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const commentId = commentIdParam(request.params.id);
    await runCommand(ctx, (trx) => deleteComment(trx, viewer, commentId));
    return reply.status(204).send();
  });
}
