import { pollVoteSchema } from '@common/schemas/polls.ts';
import type { Post } from '@common/schemas/posts.ts';
import { votePoll } from '@server/commands/polls.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { postIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { getPost } from '@server/queries/posts.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

/** Polls (issue 51): 'Vote', once, before the poll ends; the answer is the post with its results. */
export function pollRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const limit = memberLimit(app, 'like');

  app.post<IdParams>('/api/posts/:id/poll/votes', async (request): Promise<Post> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const id = postIdParam(request.params.id);
    const { choices } = parseInput(pollVoteSchema, request.body);
    await runCommand(ctx, (trx) => votePoll(trx, viewer, id, choices));
    return (await getPost(db, viewer.userId, id))!;
  });
}
