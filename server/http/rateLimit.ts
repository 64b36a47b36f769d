import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors.ts';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** Counts the request against a @fastify/rate-limit limiter; a 429 with a wait time when over it. */
export async function enforceLimit(limiter: Limiter, request: FastifyRequest): Promise<void> {
  const result = await limiter(request);
  if (!result.isAllowed && result.isExceeded) throw tooManyRequests(Math.max(1, result.ttlInSeconds));
}
