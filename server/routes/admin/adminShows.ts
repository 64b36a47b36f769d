import {
  ADMIN_PAGE_SIZE,
  type AdminShow,
  type AdminShowsPage,
  pageQuerySchema,
  showInputSchema,
} from '@common/schemas/admin.ts';
import { createShow, deleteShow, updateShow } from '@server/commands/adminShows.ts';
import { runCommand } from '@server/commands/run.ts';
import type { AppContext } from '@server/context.ts';
import { parseInput } from '@server/http/validate.ts';
import { listShows } from '@server/queries/admin.ts';
import type { FastifyInstance } from 'fastify';
import { pathId, requireAdmin } from './requireAdmin.ts';

type IdParams = { Params: { id: string } };

/** Comedy shows for 'Find Shows' on /comedy: admins list, add, edit and remove them. */
export function adminShowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const showId = (id: string) => pathId(id, 'show_id_invalid');

  app.get('/api/admin/shows', async (request): Promise<AdminShowsPage> => {
    await requireAdmin(ctx, request);
    const { cursor, limit } = parseInput(pageQuerySchema, request.query);
    return listShows(ctx.database.db, { cursor, limit: limit ?? ADMIN_PAGE_SIZE });
  });

  app.post('/api/admin/shows', async (request, reply): Promise<AdminShow> => {
    const admin = await requireAdmin(ctx, request);
    const input = parseInput(showInputSchema, request.body);
    const show = await runCommand(ctx, (trx) => createShow(trx, admin.userId, input));
    return reply.status(201).send(show);
  });

  app.put<IdParams>('/api/admin/shows/:id', async (request): Promise<AdminShow> => {
    const admin = await requireAdmin(ctx, request);
    const id = showId(request.params.id);
    const input = parseInput(showInputSchema, request.body);
    return runCommand(ctx, (trx) => updateShow(trx, admin.userId, id, input));
  });

  app.delete<IdParams>('/api/admin/shows/:id', async (request) => {
    const admin = await requireAdmin(ctx, request);
    const id = showId(request.params.id);
    await runCommand(ctx, (trx) => deleteShow(trx, admin.userId, id));
    return { deleted: true };
  });
}
