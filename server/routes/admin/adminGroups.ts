import { type AdminGroupsPage, adminGroupsQuerySchema } from '@common/schemas/admin.ts';
import { recordAudit } from '@server/commands/admin.ts';
import { deleteGroup } from '@server/commands/groups.ts';
import { runCommand } from '@server/commands/run.ts';
import type { AppContext } from '@server/context.ts';
import { notFound } from '@server/http/errors.ts';
import { idParam } from '@server/http/params.ts';
import { parseInput } from '@server/http/validate.ts';
import { listGroupsForAdmins } from '@server/queries/groups.ts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from './requireAdmin.ts';

type IdParams = { Params: { id: string } };

/** The admin console's Groups tab: every group (secret ones too), and deleting one with its audit line. */
export function adminGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/admin/groups', async (request, reply): Promise<AdminGroupsPage> => {
    await requireAdmin(ctx, request);
    const { q } = parseInput(adminGroupsQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return { groups: await listGroupsForAdmins(db, q) };
  });

  app.delete<IdParams>('/api/admin/groups/:id', async (request) => {
    const admin = await requireAdmin(ctx, request);
    const id = idParam(request.params.id, 'group_not_found');
    await runCommand(ctx, async (trx, after) => {
      const group = await trx
        .selectFrom('groups')
        .select(['id', 'name', 'slug'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!group) throw notFound('group_not_found');
      await deleteGroup(trx, after, id);
      await recordAudit(trx, {
        actorId: admin.userId,
        action: 'group.delete',
        targetType: 'group',
        targetId: id,
        summary: `Deleted the group ${group.name} (/groups/${group.slug})`,
      });
    });
    return { deleted: true };
  });
}
