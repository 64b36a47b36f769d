import { createReportSchema, type ReportReceipt } from '@common/schemas/reports.ts';
import { createReport } from '@server/commands/moderation.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import type { FastifyInstance } from 'fastify';

/**
 * A member reports a post, comment, message, circle or member to the moderators (the admin console's
 * queue). 201 for a new report, 200 when the same member's report on it is still open. What the
 * member cannot see cannot be reported: 404, as for something that is gone.
 */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limit = memberLimit(app, 'report');

  app.post('/api/reports', async (request, reply): Promise<ReportReceipt> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const input = parseInput(createReportSchema, request.body);
    const { receipt, created } = await runCommand(ctx, (trx) => createReport(trx, viewer.userId, input));
    return reply.status(created ? 201 : 200).send(receipt);
  });
}
