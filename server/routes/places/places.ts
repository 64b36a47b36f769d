import { type PlacesResult, placesQuerySchema } from '@common/schemas/places.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import type { PlacesService } from '@server/places/placesService.ts';
import type { FastifyInstance } from 'fastify';

/**
 * GET /api/places?kind=churches|restaurants&q=<city or ZIP> or &lat=&lng=: the 'Find Local Churches' and
 * 'Find Local Restaurants' dialogs. The map services are asked through placesService, never by the browser.
 */
export function placesRoutes(app: FastifyInstance, ctx: AppContext, places: PlacesService): void {
  const searchLimit = memberLimit(app, 'places');
  const pointLimit = memberLimit(app, 'placesNearPoint');

  app.get('/api/places', async (request, reply): Promise<PlacesResult> => {
    const viewer = await requireViewer(ctx, request);
    await searchLimit(request, viewer.userId);
    const query = parseInput(placesQuerySchema, request.query);
    if (query.q === undefined) await pointLimit(request, viewer.userId);
    const result = await places.search(query);
    // The browser may keep an answer for a few minutes; what changes is OpenStreetMap, and slowly.
    reply.header('cache-control', 'private, max-age=300');
    return result;
  });
}
