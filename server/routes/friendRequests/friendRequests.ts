import { acceptFriendRequest, declineFriendRequest } from '@server/commands/friendships.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { idParam } from '@server/http/params.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

/** Answering a friend request (spec section 4); `:id` is the member who sent it. */
export function friendRequestRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<IdParams>('/api/friend-requests/:id/accept', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const senderId = idParam(request.params.id, 'friend_request_not_found');
    await runCommand(ctx, (trx, after) => acceptFriendRequest(trx, after, viewer, senderId));
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/friend-requests/:id/decline', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const senderId = idParam(request.params.id, 'friend_request_not_found');
    await runCommand(ctx, (trx, after) => declineFriendRequest(trx, after, viewer, senderId));
    return reply.status(204).send();
  });
}
