import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for our own mutating routes: the browser's Origin must be ours.
 * Better Auth checks /api/auth/* itself.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: string[]): void {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    const origin = request.headers.origin;
    if (!origin || !trusted.has(origin)) {
      throw new HttpError(
        403,
        'bad_origin',
        origin ? `Requests from ${origin} are not allowed.` : 'The request must carry an Origin header.',
      );
    }
  });
}
