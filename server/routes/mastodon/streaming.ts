import type { AppContext } from '@server/context.ts';
import { HttpError } from '@server/http/errors.ts';
import { requireAppMember } from '@server/oauth/appTokens.ts';
import { type AppStream, type StreamName, streamNameOf } from '@server/streaming/appStreams.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const HEARTBEAT_MS = 15_000;
/** Event streams one token may hold open on a node (the WebSocket's count is its own). */
const SSE_PER_TOKEN = 10;

/**
 * Mastodon's server-sent event streams (issue 53): /api/v1/streaming/user, /public and /hashtag
 * (`?tag=`), each `event: update` with the status as `data:`; and /api/v1/streaming/health. The
 * WebSocket at /api/v1/streaming is server/streaming/webSocket.ts; both are fed by the same hub.
 */
export function mastodonStreamingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const hub = ctx.appStreams;
  const perToken = new Map<string, number>();

  app.get('/api/v1/streaming/health', async (_request, reply) => reply.type('text/plain').send('OK'));

  const paths: Array<[string, string]> = [
    ['/api/v1/streaming/user', 'user'],
    ['/api/v1/streaming/user/notification', 'user:notification'],
    ['/api/v1/streaming/public', 'public'],
    ['/api/v1/streaming/public/local', 'public:local'],
    ['/api/v1/streaming/hashtag', 'hashtag'],
    ['/api/v1/streaming/hashtag/local', 'hashtag:local'],
  ];
  for (const [url, name] of paths) {
    app.get(url, async (request, reply) => {
      const caller = await requireAppMember(
        db,
        request,
        name.startsWith('user') ? 'read:notifications' : 'read:statuses',
      );
      const tag = (request.query as { tag?: unknown }).tag;
      const stream = streamNameOf(name, typeof tag === 'string' ? tag : null);
      if (!stream) throw HttpError.of(400, 'stream_unknown');
      if (!hub) throw HttpError.of(503, 'internal_error');
      if ((perToken.get(caller.tokenId) ?? 0) >= SSE_PER_TOKEN) throw HttpError.of(429, 'too_many_streams');
      const lastNotificationId = await hub.newestNotificationId(caller.viewer.userId);
      openEventStream(request, reply.raw, stream, {
        viewerId: caller.viewer.userId,
        tokenId: caller.tokenId,
        lastNotificationId,
      });
      reply.hijack();
    });
  }

  function openEventStream(
    request: FastifyRequest,
    raw: import('node:http').ServerResponse,
    name: StreamName,
    who: { viewerId: string; tokenId: string; lastNotificationId: string | null },
  ) {
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // Comments end with one newline: a blank line would dispatch an empty event (Mastodon.py refuses it).
    raw.write(':)\n');
    perToken.set(who.tokenId, (perToken.get(who.tokenId) ?? 0) + 1);
    const stream: AppStream = {
      ...who,
      subscriptions: new Set([name]),
      send: (_names, event, payload) => {
        raw.write(`event: ${event}\ndata: ${payload.replace(/\n/g, '\ndata: ')}\n\n`);
      },
      close: () => raw.end(),
    };
    const remove = hub!.add(stream);
    const heartbeat = setInterval(() => raw.write(':thump\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      remove();
      const left = (perToken.get(who.tokenId) ?? 1) - 1;
      if (left > 0) perToken.set(who.tokenId, left);
      else perToken.delete(who.tokenId);
    });
  }
}
