import { type ComedyShow, comedyShowsQuerySchema } from '@common/schemas/posts.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { parseInput } from '@server/http/validate.ts';
import { comedyShowsOn } from '@server/queries/eventFeeds.ts';
import type { FastifyInstance } from 'fastify';

export function comedyShowRoutes(app: FastifyInstance, ctx: AppContext): void {
  // 'Find Shows': the comedy events of one date (the admin console's shows and members' own shows and
  // open mics), earliest first.
  app.get('/api/comedy-shows', async (request, reply): Promise<{ shows: ComedyShow[] }> => {
    const viewer = await requireViewer(ctx, request);
    const { date, tz } = parseInput(comedyShowsQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return { shows: await comedyShowsOn(ctx.database.db, viewer.userId, date, tz ?? 'UTC') };
  });
}
