import type { FollowState } from '@common/schemas/profilePage.ts';
import { PROFILE_MESSAGES } from '@common/schemas/profilePage.ts';
import { followMember, unfollowMember } from '@server/commands/follows.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { idParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import type { FastifyInstance } from 'fastify';

type UserParams = { Params: { userId: string } };

/** A member id from the URL; anything that cannot be one is simply not a member. */
export function memberIdParam(id: string): string {
  return idParam(id, PROFILE_MESSAGES.userNotFound);
}

/** Follow and unfollow (spec section 4): both answer where the viewer now stands with the member. */
export function followRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const limit = memberLimit(app, 'follow');

  app.put<UserParams>('/api/follows/:userId', async (request): Promise<FollowState> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const { state, notified } = await followMember(db, viewer, memberIdParam(request.params.userId));
    if (notified) ctx.realtime.notificationsChanged([notified]);
    return state;
  });

  app.delete<UserParams>('/api/follows/:userId', async (request): Promise<FollowState> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const { state, notified } = await unfollowMember(db, viewer, memberIdParam(request.params.userId));
    if (notified) ctx.realtime.notificationsChanged([notified]);
    return state;
  });
}
