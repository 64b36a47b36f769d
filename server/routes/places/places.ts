import { type PlacesResult, placesQuerySchema } from '@common/schemas/places.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { enforceLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { createPlacesService } from '@server/places/placesService.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Searches per member per minute: far above a person typing, low enough that a script cannot drain Nominatim. */
const SEARCHES_PER_MINUTE = 30;

/**
 * GET /api/places?kind=churches|restaurants&q=<city or ZIP> or &lat=&lng=: the 'Find Local Churches' and
 * 'Find Local Restaurants' dialogs. The map services are asked through placesService, never by the browser.
 */
export function placesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const places = createPlacesService({
    nominatimUrl: ctx.config.nominatimUrl,
    overpassUrl: ctx.config.overpassUrl,
    publicUrl: ctx.config.publicUrl,
    db: ctx.database.db,
    log: ctx.log,
  });
  const members = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: SEARCHES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `places:${members.get(request) ?? request.ip}`,
  });

  app.get('/api/places', async (request, reply): Promise<PlacesResult> => {
    const viewer = await requireViewer(ctx, request);
    members.set(request, viewer.userId);
    await enforceLimit(limiter, request);
    const query = parseInput(placesQuerySchema, request.query);
    const result = await places.search(query);
    // The browser may keep an answer for a few minutes; what changes is OpenStreetMap, and slowly.
    reply.header('cache-control', 'private, max-age=300');
    return result;
  });
}
