import { type ComedyShow, comedyShowsQuerySchema } from '@common/schemas/posts.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { parseInput } from '@server/http/validate.ts';
import type { FastifyInstance } from 'fastify';

export function comedyShowRoutes(app: FastifyInstance, ctx: AppContext): void {
  // 'Find Shows': the comedy shows stored for one date, earliest first.
  app.get('/api/comedy-shows', async (request): Promise<{ shows: ComedyShow[] }> => {
    await requireViewer(ctx, request);
    const { date } = parseInput(comedyShowsQuerySchema, request.query);
    const shows = await ctx.database.db
      .selectFrom('comedy_shows')
      .select(['id', 'title', 'performer', 'venue', 'city', 'show_date', 'starts_at', 'ticket_url'])
      .where('show_date', '=', date)
      .orderBy('starts_at', 'asc')
      .orderBy('title', 'asc')
      .limit(100)
      .execute();
    return { shows };
  });
}
