import type { AppContext } from '@server/http/context.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.database.db);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });
}
