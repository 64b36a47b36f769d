import { type FollowList, type FollowState, followListQuerySchema } from '@common/schemas/follows.ts';
import { followMember, unfollowMember } from '@server/commands/follows.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { memberIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { listFollowsOf } from '@server/queries/profiles.ts';
import type { FastifyInstance } from 'fastify';

type UserParams = { Params: { userId: string } };
type IdParams = { Params: { id: string } };

/**
 * Follow and unfollow (spec section 4), which answer where the viewer now stands with the member,
 * and a member's followers and following lists.
 */
export function followRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limit = memberLimit(app, 'follow');

  for (const direction of ['followers', 'following'] as const) {
    app.get<IdParams>(`/api/profiles/:id/${direction}`, async (request): Promise<FollowList> => {
      const viewer = await requireViewer(ctx, request);
      const query = parseInput(followListQuerySchema, request.query);
      return listFollowsOf(ctx.database.db, viewer, memberIdParam(request.params.id), direction, query);
    });
  }

  app.put<UserParams>('/api/follows/:userId', async (request): Promise<FollowState> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const userId = memberIdParam(request.params.userId);
    return runCommand(ctx, (trx, after) => followMember(trx, after, viewer, userId));
  });

  app.delete<UserParams>('/api/follows/:userId', async (request): Promise<FollowState> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const userId = memberIdParam(request.params.userId);
    return runCommand(ctx, (trx, after) => unfollowMember(trx, after, viewer, userId));
  });
}
