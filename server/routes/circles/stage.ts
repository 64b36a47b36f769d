import { inviteToSpeak, leaveStage, setHand } from '@server/commands/circleStage.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { idParam, memberIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import type { FastifyInstance } from 'fastify';

type WithId = { Params: { id: string } };
type WithMember = { Params: { id: string; userId: string } };

/**
 * The stage of a circle carried by Janus (commands/circleStage.ts): a guest's raised hand, the host's
 * invitation to speak, and leaving the stage (the host's or the speaker's), which cuts the speaker's
 * media on every node.
 */
export function circleStageRoutes(app: FastifyInstance, ctx: AppContext) {
  const circleId = (id: string) => idParam(id, 'circle_not_found');
  // One count for the three: each tells the circle's room, like chat (MEMBER_LIMITS.circleStage).
  const stageLimit = memberLimit(app, 'circleStage');

  for (const [method, raised] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route<WithId>({
      method,
      url: '/api/circles/:id/hand',
      handler: async (request) => {
        const viewer = await requireViewer(ctx, request);
        await stageLimit(request, viewer.userId);
        const id = circleId(request.params.id);
        await runCommand(ctx, (trx, after) => setHand(trx, after, id, viewer.userId, raised));
        return { hand_raised: raised };
      },
    });
  }

  app.put<WithMember>('/api/circles/:id/stage/:userId', async (request) => {
    const viewer = await requireViewer(ctx, request);
    await stageLimit(request, viewer.userId);
    const id = circleId(request.params.id);
    const guestId = memberIdParam(request.params.userId);
    await runCommand(ctx, (trx, after) => inviteToSpeak(trx, after, id, viewer.userId, guestId));
    return { stage: 'invited' as const };
  });

  app.delete<WithMember>('/api/circles/:id/stage/:userId', async (request) => {
    const viewer = await requireViewer(ctx, request);
    await stageLimit(request, viewer.userId);
    const id = circleId(request.params.id);
    const guestId = memberIdParam(request.params.userId);
    await runCommand(ctx, (trx, after) => leaveStage(trx, after, id, viewer.userId, guestId));
    ctx.janus?.leaveStage(id, guestId);
    return { stage: null };
  });
}
