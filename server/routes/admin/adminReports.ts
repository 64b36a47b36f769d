import { ADMIN_PAGE_SIZE } from '@common/schemas/admin.ts';
import { type ModerationResult, type ReportsPage, reportsQuerySchema } from '@common/schemas/reports.ts';
import {
  dismissReport,
  removeReportedContent,
  restoreMember,
  suspendMember,
  suspendReportedMember,
} from '@server/commands/moderation.ts';
import { runCommand } from '@server/commands/run.ts';
import type { AppContext } from '@server/context.ts';
import { parseInput } from '@server/http/validate.ts';
import { listReports } from '@server/queries/reports.ts';
import type { FastifyInstance } from 'fastify';
import { pathId, requireAdmin } from './requireAdmin.ts';

type IdParams = { Params: { id: string } };

/**
 * The moderation queue and suspension. Every action is written to the audit log in its transaction;
 * a suspension also forgets the member's sessions on every node (which closes their sockets).
 */
export function adminReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const reportId = (id: string) => pathId(id, 'report_id_invalid');
  const memberId = (id: string) => pathId(id, 'user_id_invalid');

  app.get('/api/admin/reports', async (request): Promise<ReportsPage> => {
    await requireAdmin(ctx, request);
    const { status, cursor, limit } = parseInput(reportsQuerySchema, request.query);
    return listReports(db, { status: status ?? 'open', cursor, limit: limit ?? ADMIN_PAGE_SIZE });
  });

  app.post<IdParams>('/api/admin/reports/:id/dismiss', async (request): Promise<ModerationResult> => {
    const admin = await requireAdmin(ctx, request);
    const id = reportId(request.params.id);
    return runCommand(ctx, (trx) => dismissReport(trx, { actorId: admin.userId, reportId: id }));
  });

  app.post<IdParams>('/api/admin/reports/:id/remove', async (request): Promise<ModerationResult> => {
    const admin = await requireAdmin(ctx, request);
    const id = reportId(request.params.id);
    return runCommand(ctx, (trx, after) =>
      removeReportedContent(trx, after, { actorId: admin.userId, reportId: id }),
    );
  });

  app.post<IdParams>('/api/admin/reports/:id/suspend', async (request): Promise<ModerationResult> => {
    const admin = await requireAdmin(ctx, request);
    const id = reportId(request.params.id);
    return runCommand(ctx, async (trx, after) => {
      const { result, memberId: suspended } = await suspendReportedMember(trx, after, {
        actorId: admin.userId,
        reportId: id,
      });
      after.run(() => ctx.sessions.forgetUser(suspended));
      return result;
    });
  });

  app.post<IdParams>('/api/admin/members/:id/suspend', async (request): Promise<ModerationResult> => {
    const admin = await requireAdmin(ctx, request);
    const id = memberId(request.params.id);
    return runCommand(ctx, (trx, after) => {
      after.run(() => ctx.sessions.forgetUser(id));
      return suspendMember(trx, after, { actorId: admin.userId, memberId: id });
    });
  });

  app.post<IdParams>('/api/admin/members/:id/restore', async (request) => {
    const admin = await requireAdmin(ctx, request);
    const id = memberId(request.params.id);
    return runCommand(ctx, (trx) => restoreMember(trx, { actorId: admin.userId, memberId: id }));
  });
}
