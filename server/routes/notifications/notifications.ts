import type { NotificationList } from '@common/schemas/notifications.ts';
import { markNotificationsRead } from '@server/commands/notifications.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { notFound } from '@server/http/errors.ts';
import { idParam } from '@server/http/params.ts';
import { listNotifications } from '@server/queries/notifications.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The bell: the latest notifications of the viewer (never anyone else's) and the unread count.
  app.get('/api/notifications', async (request): Promise<NotificationList> => {
    const viewer = await requireViewer(ctx, request);
    return listNotifications(ctx.database.db, viewer.userId);
  });

  // Everything beyond the latest 10 the bell shows can be cleared too. A friend request marked read
  // still waits for Accept or Decline.
  app.post('/api/notifications/read-all', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await runCommand(ctx, (trx, after) => markNotificationsRead(trx, after, viewer.userId));
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/notifications/:id/read', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const id = idParam(request.params.id, 'notification_not_found');
    const found = await runCommand(ctx, (trx, after) =>
      markNotificationsRead(trx, after, viewer.userId, { id }),
    );
    if (found === 0) throw notFound('notification_not_found');
    return reply.status(204).send();
  });
}
