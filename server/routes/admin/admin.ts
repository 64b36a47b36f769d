import {
  ADMIN_PAGE_SIZE,
  type AdminContactMessagesPage,
  type AdminMembersPage,
  type AuditPage,
  adminMembersQuerySchema,
  pageQuerySchema,
} from '@common/schemas/admin.ts';
import { deleteMemberAsAdmin, setAdminRole } from '@server/commands/admin.ts';
import { runCommand } from '@server/commands/run.ts';
import type { AppContext } from '@server/context.ts';
import { parseInput } from '@server/http/validate.ts';
import { listAudit, listContactMessages, listMembers } from '@server/queries/admin.ts';
import type { FastifyInstance } from 'fastify';
import { adminAnnouncementRoutes } from './adminAnnouncements.ts';
import { adminGroupRoutes } from './adminGroups.ts';
import { adminReportRoutes } from './adminReports.ts';
import { adminShowRoutes } from './adminShows.ts';
import { pathId, requireAdmin } from './requireAdmin.ts';

type IdParams = { Params: { id: string } };

/**
 * The admin console (spec section 6 '/admin'): every route answers 401 to visitors and 403 to members
 * without the admin role before it reads anything. Member emails and messages are never cached.
 */
export function adminRoutes(root: FastifyInstance, ctx: AppContext): void {
  // Its own scope, so the no-store hook applies to these routes only.
  root.register(async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    adminMemberRoutes(app, ctx);
    adminShowRoutes(app, ctx);
    adminAnnouncementRoutes(app, ctx);
    adminGroupRoutes(app, ctx);
    adminReportRoutes(app, ctx);
  });
}

function adminMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const memberId = (id: string) => pathId(id, 'user_id_invalid');

  // The screen's access check: 200 for admins only.
  app.get('/api/admin/access', async (request) => {
    await requireAdmin(ctx, request);
    return { admin: true };
  });

  app.get('/api/admin/members', async (request): Promise<AdminMembersPage> => {
    await requireAdmin(ctx, request);
    const { q, cursor, limit } = parseInput(adminMembersQuerySchema, request.query);
    return listMembers(db, { q, cursor, limit: limit ?? ADMIN_PAGE_SIZE });
  });

  app.delete<IdParams>('/api/admin/members/:id', async (request) => {
    const admin = await requireAdmin(ctx, request);
    const id = memberId(request.params.id);
    await runCommand(ctx, (trx, after) => {
      // As after deleting one's own account: cached sessions go, and deleteAccount drops the sockets.
      after.run(() => ctx.sessions.forgetUser(id));
      return deleteMemberAsAdmin(trx, after, { actorId: admin.userId, memberId: id });
    });
    return { deleted: true };
  });

  for (const [method, admin] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route<IdParams>({
      method,
      url: '/api/admin/members/:id/admin-role',
      handler: async (request) => {
        const viewer = await requireAdmin(ctx, request);
        const id = memberId(request.params.id);
        return runCommand(ctx, (trx) => setAdminRole(trx, { actorId: viewer.userId, memberId: id, admin }));
      },
    });
  }

  app.get('/api/admin/messages', async (request): Promise<AdminContactMessagesPage> => {
    await requireAdmin(ctx, request);
    const { cursor, limit } = parseInput(pageQuerySchema, request.query);
    return listContactMessages(db, { cursor, limit: limit ?? ADMIN_PAGE_SIZE });
  });

  app.get('/api/admin/audit', async (request): Promise<AuditPage> => {
    await requireAdmin(ctx, request);
    const { cursor, limit } = parseInput(pageQuerySchema, request.query);
    return listAudit(db, { cursor, limit: limit ?? ADMIN_PAGE_SIZE });
  });
}
