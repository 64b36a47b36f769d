import { NOTIFICATIONS_SHOWN, type NotificationList } from '@common/schemas/notifications.ts';
import { acceptFriendRequest, declineFriendRequest, NO_REQUEST } from '@server/commands/friendships.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { notFound } from '@server/http/errors.ts';
import { idParam } from '@server/http/params.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  // The bell: the latest notifications of the viewer (never anyone else's) and the unread count.
  app.get('/api/notifications', async (request): Promise<NotificationList> => {
    const viewer = await requireViewer(ctx, request);
    const rows = await db
      .selectFrom('notifications')
      .leftJoin('profiles', 'profiles.id', 'notifications.from_user_id')
      .select([
        'notifications.id',
        'notifications.type',
        'notifications.message',
        'notifications.post_id',
        'notifications.is_read',
        'notifications.created_at',
        'notifications.from_user_id',
        'profiles.username',
        'profiles.full_name',
        'profiles.avatar_url',
      ])
      .where('notifications.user_id', '=', viewer.userId)
      .orderBy('notifications.created_at', 'desc')
      .orderBy('notifications.id', 'desc')
      .limit(NOTIFICATIONS_SHOWN)
      .execute();
    const unread = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', viewer.userId)
      .where('is_read', '=', false)
      .executeTakeFirstOrThrow();
    return {
      unread_count: Number(unread.n),
      notifications: rows.map((r) => ({
        id: r.id,
        type: r.type,
        message: r.message,
        post_id: r.post_id,
        is_read: Boolean(r.is_read),
        created_at: r.created_at,
        from:
          r.from_user_id && r.username
            ? {
                id: r.from_user_id,
                username: r.username,
                full_name: r.full_name ?? '',
                avatar_url: r.avatar_url ?? null,
              }
            : null,
      })),
    };
  });

  // Everything beyond the latest 10 the bell shows can be cleared too. A friend request marked read
  // still waits for Accept or Decline.
  app.post('/api/notifications/read-all', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const result = await db
      .updateTable('notifications')
      .set({ is_read: true })
      .where('user_id', '=', viewer.userId)
      .where('is_read', '=', false)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) ctx.realtime.notificationsChanged([viewer.userId]);
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/notifications/:id/read', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const id = idParam(request.params.id, 'Notification not found');
    const result = await db
      .updateTable('notifications')
      .set({ is_read: true })
      .where('id', '=', id)
      .where('user_id', '=', viewer.userId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('Notification not found');
    ctx.realtime.notificationsChanged([viewer.userId]);
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/friend-requests/:id/accept', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await acceptFriendRequest(db, viewer, idParam(request.params.id, NO_REQUEST));
    ctx.realtime.notificationsChanged([viewer.userId]);
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/friend-requests/:id/decline', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await declineFriendRequest(db, viewer, idParam(request.params.id, NO_REQUEST));
    ctx.realtime.notificationsChanged([viewer.userId]);
    return reply.status(204).send();
  });
}
