import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: every request that can change something (any method but GET,
 * HEAD and OPTIONS) must carry our Origin, whatever its path. The decision never looks at the raw URL:
 * the router decodes `/%61pi/...` to `/api/...` and accepts absolute-form request lines, so a prefix
 * test on `request.url` could be walked around. Better Auth checks its own routes as well.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: string[]): void {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // A request no route matched changes nothing: it gets its 404.
    if (request.is404) return;
    // A route whose request is its own credential (a signed unsubscribe link, which mail clients POST).
    if ((request.routeOptions.config as { withoutOrigin?: boolean } | undefined)?.withoutOrigin) return;
    const origin = request.headers.origin;
    if (!origin || !trusted.has(origin)) {
      throw origin ? forbidden('bad_origin', { origin }) : forbidden('missing_origin');
    }
  });
}
