import { pushEndpointSchema, pushSubscriptionSchema } from '@common/schemas/push.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { badRequest } from '@server/http/errors.ts';
import { parseInput } from '@server/http/validate.ts';
import { allowedEndpoint } from '@server/push/pushSender.ts';
import type { FastifyInstance } from 'fastify';

export const PUSH_MESSAGES = {
  notAPushService: 'That address is not a push service Splikz sends to.',
} as const;

/** Web push: the key browsers subscribe with, and each member's browsers that turned push on. */
export function pushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/push/key', async (request) => {
    await requireViewer(ctx, request);
    return { public_key: ctx.push.publicKey };
  });

  app.put('/api/push/subscription', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const { endpoint, keys } = parseInput(pushSubscriptionSchema, request.body);
    if (!allowedEndpoint(endpoint, ctx.config.push.serviceHosts)) {
      throw badRequest(PUSH_MESSAGES.notAPushService, 'not_a_push_service');
    }
    const row = { user_id: viewer.userId, p256dh: keys.p256dh, auth: keys.auth };
    await db
      .insertInto('push_subscriptions')
      .values({ endpoint, ...row, created_at: new Date().toISOString() })
      // The same browser signed in as someone else now: its notifications are theirs.
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
      .execute();
    return reply.status(204).send();
  });

  app.delete('/api/push/subscription', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const { endpoint } = parseInput(pushEndpointSchema, request.body);
    await db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', viewer.userId)
      .execute();
    return reply.status(204).send();
  });
}
