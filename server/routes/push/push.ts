import { pushEndpointSchema, pushSubscriptionSchema } from '@common/schemas/push.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, conflict } from '@server/http/errors.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { allowedEndpoint } from '@server/push/pushSender.ts';
import type { FastifyInstance } from 'fastify';
import { PostgresAdapter, type Transaction } from 'kysely';

/** Browsers one member gets push in: storing one more lets go of their oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

type Subscription = { endpoint: string; p256dh: string; auth: string };

/**
 * Stores a browser's subscription for the member, or renews its keys when it is theirs already. An
 * endpoint another member holds is never handed over (whoever knows it could take their
 * notifications): 409. Past PUSH_SUBSCRIPTIONS_PER_MEMBER the member's oldest browsers go.
 */
async function storeSubscription(trx: Transaction<DB>, userId: string, sub: Subscription): Promise<void> {
  // One store at a time per member, so two at once cannot both stay under the cap (SQLite has one writer).
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
  }
  const keys = { p256dh: sub.p256dh, auth: sub.auth };
  const stored = await trx
    .insertInto('push_subscriptions')
    .values({ endpoint: sub.endpoint, user_id: userId, ...keys, created_at: new Date().toISOString() })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet(keys).where('push_subscriptions.user_id', '=', userId),
    )
    .executeTakeFirst();
  if (Number(stored.numInsertedOrUpdatedRows ?? 0) === 0) {
    throw conflict('push_endpoint_taken');
  }
  const others = await trx
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', userId)
    .where('endpoint', '!=', sub.endpoint)
    .orderBy('created_at', 'desc')
    .orderBy('endpoint', 'desc')
    .execute();
  const dropped = others.slice(PUSH_SUBSCRIPTIONS_PER_MEMBER - 1).map((row) => row.endpoint);
  if (dropped.length > 0) {
    await trx
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', 'in', dropped)
      .execute();
  }
}

/** Web push: the key browsers subscribe with, and each member's browsers that turned push on. */
export function pushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const subscribeLimit = memberLimit(app, 'pushSubscribe');

  app.get('/api/push/key', async (request) => {
    await requireViewer(ctx, request);
    return { public_key: ctx.push.publicKey };
  });

  app.put('/api/push/subscription', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await subscribeLimit(request, viewer.userId);
    const { endpoint, keys } = parseInput(pushSubscriptionSchema, request.body);
    if (!allowedEndpoint(endpoint, ctx.config.push.serviceHosts)) {
      throw badRequest('not_a_push_service');
    }
    await db.transaction().execute((trx) => storeSubscription(trx, viewer.userId, { endpoint, ...keys }));
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
