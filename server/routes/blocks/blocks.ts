import type { BlockState, MemberList, MuteState } from '@common/schemas/blocks.ts';
import { blockMember, muteMember, unblockMember, unmuteMember } from '@server/commands/blocks.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { memberIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { listBlockedOrMuted } from '@server/queries/blocks.ts';
import type { FastifyInstance } from 'fastify';

type UserParams = { Params: { userId: string } };

/** Block and Mute (members' safety tools), listed and undone in /settings/privacy. */
export function blockRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const limit = memberLimit(app, 'follow');

  app.get('/api/blocks', async (request, reply): Promise<MemberList> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return listBlockedOrMuted(db, viewer.userId, 'blocks');
  });

  app.get('/api/mutes', async (request, reply): Promise<MemberList> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return listBlockedOrMuted(db, viewer.userId, 'mutes');
  });

  app.put<UserParams>('/api/blocks/:userId', async (request): Promise<BlockState> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const userId = memberIdParam(request.params.userId);
    return runCommand(ctx, (trx, after) => blockMember(trx, after, viewer, userId));
  });

  app.delete<UserParams>('/api/blocks/:userId', async (request): Promise<BlockState> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const userId = memberIdParam(request.params.userId);
    return runCommand(ctx, (trx) => unblockMember(trx, viewer, userId));
  });

  app.put<UserParams>('/api/mutes/:userId', async (request): Promise<MuteState> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const userId = memberIdParam(request.params.userId);
    return runCommand(ctx, (trx) => muteMember(trx, viewer, userId));
  });

  app.delete<UserParams>('/api/mutes/:userId', async (request): Promise<MuteState> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const userId = memberIdParam(request.params.userId);
    return runCommand(ctx, (trx) => unmuteMember(trx, viewer, userId));
  });
}
