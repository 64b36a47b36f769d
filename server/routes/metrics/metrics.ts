import { BlockList, isIP } from 'node:net';
import type { AppContext } from '@server/context.ts';
import { errorBody } from '@server/http/errors.ts';
import type { AppMetrics } from '@server/metrics/metrics.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** METRICS_ALLOW as a BlockList (used as an allow list): addresses and CIDR ranges. */
export function metricsAllowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

function addressAllowed(list: BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return list.check(mapped, 'ipv4') || list.check(address, 'ipv6');
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The TCP peer must be allowed, never only X-Forwarded-For: any client can write that header
 * (`::ffff:a.b.c.d` is IPv4). A request that came through a proxy (it carries the header) is the
 * proxy's client's: nginx on the node's own loopback would otherwise open /metrics to the internet. So
 * the client a trusted proxy forwards (TRUST_PROXY, `request.ip`) must be allowed too, and a forwarded
 * request from a proxy the app does not trust, whose client it cannot know, is refused.
 */
function scraperAllowed(list: BlockList, request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  if (!peer || !addressAllowed(list, peer)) return false;
  if (request.headers['x-forwarded-for'] === undefined) return true;
  // `ips` exists only when TRUST_PROXY is set (Fastify's trustProxy); then `ip` is the trusted client.
  return request.ips !== undefined && addressAllowed(list, request.ip);
}

/**
 * Counts every answer by method, route pattern (never the raw URL: one series per route, whatever the
 * ids in it) and status. Register before the routes it should see.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

/** GET /metrics in Prometheus text format, for the addresses in METRICS_ALLOW; a 404 to anyone else. */
export function metricsRoutes(app: FastifyInstance, ctx: AppContext, metrics: AppMetrics): void {
  const allowed = metricsAllowList(ctx.config.metricsAllow);
  app.get('/metrics', async (request, reply) => {
    if (!scraperAllowed(allowed, request)) {
      // The same answer as a path with no route: the endpoint does not admit it exists.
      return reply.status(404).send(errorBody('not_found', { method: request.method, url: request.url }));
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
