import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { scopeAllows } from '@common/schemas/oauth.ts';
import type { DB } from '@server/db/types.ts';
import { resolveAppToken } from '@server/oauth/appTokens.ts';
import type { Kysely } from 'kysely';
import { type WebSocket, WebSocketServer } from 'ws';
import { type AppStream, type AppStreamHub, streamNameOf } from './appStreams.ts';

export const STREAMING_PATH = '/api/v1/streaming';
/** Streams one token may hold open on a node: an app opens one or two; a loop opening more is refused. */
export const STREAMS_PER_TOKEN = 10;
const PING_MS = 30_000;

function refuse(socket: Duplex, status: number, message: string) {
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 429 ? 'Too Many Requests' : 'Bad Request'}\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${JSON.stringify({ error: message })}`,
  );
}

/** The token of a streaming request: `access_token`, the WebSocket protocol header, or the bearer header. */
export function streamToken(request: IncomingMessage, url: URL): string | null {
  const fromQuery = url.searchParams.get('access_token');
  if (fromQuery) return fromQuery;
  const protocol = request.headers['sec-websocket-protocol'];
  if (typeof protocol === 'string' && protocol.trim()) return protocol.split(',')[0]!.trim();
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Mastodon's streaming WebSocket at /api/v1/streaming (issue 53): `?stream=user` (or `public`,
 * `hashtag&tag=…`) and `{"type":"subscribe","stream":…}` messages; events go out as
 * `{"stream":[…],"event":"update","payload":"…"}`. Other upgrade requests (Socket.IO's) are not ours.
 */
export function attachStreamingSocket(server: HttpServer, db: Kysely<DB>, hub: AppStreamHub) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const perToken = new Map<string, number>();

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://streaming.invalid');
    if (url.pathname !== STREAMING_PATH && url.pathname !== `${STREAMING_PATH}/`) return;
    void (async () => {
      const token = streamToken(request, url);
      const caller = token ? await resolveAppToken(db, token) : null;
      if (!caller?.viewer) return refuse(socket, 401, 'The access token is invalid.');
      if (!scopeAllows(caller.scopes, 'read:statuses') && !scopeAllows(caller.scopes, 'read:notifications'))
        return refuse(socket, 401, 'This access token does not allow streaming: it needs the read scope.');
      if ((perToken.get(caller.tokenId) ?? 0) >= STREAMS_PER_TOKEN)
        return refuse(socket, 429, 'Too many streams open with this token.');
      const first = url.searchParams.get('stream');
      const firstName = first ? streamNameOf(first, url.searchParams.get('tag')) : null;
      if (first && !firstName) return refuse(socket, 400, 'Unknown stream.');
      const lastNotificationId = await hub.newestNotificationId(caller.viewer.userId);
      wss.handleUpgrade(request, socket, head, (ws) => {
        perToken.set(caller.tokenId, (perToken.get(caller.tokenId) ?? 0) + 1);
        open(ws, {
          viewerId: caller.viewer!.userId,
          tokenId: caller.tokenId,
          first: firstName,
          lastNotificationId,
        });
      });
    })().catch(() => refuse(socket, 400, 'The stream could not start.'));
  });

  function open(
    ws: WebSocket,
    start: {
      viewerId: string;
      tokenId: string;
      first: ReturnType<typeof streamNameOf>;
      lastNotificationId: string | null;
    },
  ) {
    const stream: AppStream = {
      viewerId: start.viewerId,
      tokenId: start.tokenId,
      subscriptions: new Set(start.first ? [start.first] : []),
      lastNotificationId: start.lastNotificationId,
      send: (names, event, payload) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ stream: names, event, payload }));
      },
      close: () => ws.close(1000),
    };
    const remove = hub.add(stream);
    let alive = true;
    const ping = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, PING_MS);
    ws.on('pong', () => {
      alive = true;
    });
    ws.on('message', (data) => {
      let message: { type?: unknown; stream?: unknown; tag?: unknown };
      try {
        message = JSON.parse(String(data));
      } catch {
        return ws.send(JSON.stringify({ error: 'Send each message as JSON.' }));
      }
      const name =
        typeof message.stream === 'string'
          ? streamNameOf(message.stream, typeof message.tag === 'string' ? message.tag : null)
          : null;
      if (!name || (message.type !== 'subscribe' && message.type !== 'unsubscribe')) {
        return ws.send(JSON.stringify({ error: 'Unknown stream type or message.' }));
      }
      if (message.type === 'subscribe') stream.subscriptions.add(name);
      else stream.subscriptions.delete(name);
    });
    ws.on('close', () => {
      clearInterval(ping);
      remove();
      const left = (perToken.get(start.tokenId) ?? 1) - 1;
      if (left > 0) perToken.set(start.tokenId, left);
      else perToken.delete(start.tokenId);
    });
    ws.on('error', () => ws.terminate());
  }

  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
