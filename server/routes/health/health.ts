import type { AppContext } from '@server/context.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** How long readiness waits for the database or Redis before calling it down. */
const READY_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const check = (probe: () => Promise<unknown>) =>
  within(probe(), READY_TIMEOUT_MS).then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );

/**
 * /api/health: liveness (the process answers). /api/ready: readiness for a load balancer, 200 when
 * this node reaches its database and, with REDIS_URL, Redis; else 503 saying which is down.
 */
export function healthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  readiness: { redis?: { ping(): Promise<unknown> } | undefined } = {},
): void {
  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.database.db);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });

  app.get('/api/ready', async (_request, reply) => {
    const { redis } = readiness;
    const [database, redisState] = await Promise.all([
      check(() => sql`select 1`.execute(ctx.database.db)),
      redis ? check(() => redis.ping()) : Promise.resolve('not configured' as const),
    ]);
    const ready = database === 'ok' && redisState !== 'unreachable';
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', database, redis: redisState });
  });
}
