import type { Server as HttpServer } from 'node:http';
import {
  type ClientToServerEvents,
  HEARTBEAT_MS,
  JOIN_TIMEOUT_MS,
  REALTIME_PATH,
  rooms,
  type ServerToClientEvents,
} from '@common/realtime.ts';
import type { SessionResolver } from '@server/auth/sessions.ts';
import { tooManyRequests } from '@server/http/errors.ts';
import { createWindowCounter } from '@server/http/windowCounter.ts';
import type { NodeChannel, Realtime } from '@server/realtime/realtime.ts';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { HandlerDeps, SocketData } from './handlers/define.ts';
import { attachHandlers } from './handlers/index.ts';

/**
 * Sockets one member may hold at once, over every node: far above their tabs and devices, and a script
 * opening thousands (each a session check and a room) is refused at the handshake.
 */
export const MAX_SOCKETS_PER_MEMBER = 20;
/** How long a refused connection is told to wait: a tab closing elsewhere frees a place. */
const TOO_MANY_SOCKETS_WAIT_SECONDS = 30;

/** The connect_error a refused socket gets: the 429 text, with its code and wait for the client. */
function tooManySockets(): Error {
  const refusal = tooManyRequests(TOO_MANY_SOCKETS_WAIT_SECONDS);
  return Object.assign(new Error(refusal.message), {
    data: { code: refusal.code, params: refusal.params, retry_after: TOO_MANY_SOCKETS_WAIT_SECONDS },
  });
}

/**
 * Socket.IO on the app's HTTP server. A socket is accepted only with a valid session cookie from a
 * trusted Origin; it joins its member's private room, and any other room only through a handler that
 * checks the room's policy (handlers/rooms.ts).
 */
type InterServerEvents = Record<string, (payload: unknown) => void>;

export function attachSocketServer(
  httpServer: HttpServer,
  options: {
    sessions: SessionResolver;
    trustedOrigins: string[];
    redisUrl?: string | undefined;
    handlers: Omit<HandlerDeps, 'counter'>;
  },
) {
  const trusted = new Set(options.trustedOrigins.map((o) => new URL(o).origin));
  const io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(
    httpServer,
    {
      path: REALTIME_PATH,
      serveClient: false,
      pingInterval: HEARTBEAT_MS,
      connectTimeout: JOIN_TIMEOUT_MS,
      // Same-origin only: the browser sends the session cookie, nobody else's page may connect.
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        callback(null, !origin || trusted.has(origin));
      },
    },
  );

  // With REDIS_URL, rooms span every app node: an event emitted on one reaches sockets on all.
  const redis = options.redisUrl ? [new Redis(options.redisUrl), new Redis(options.redisUrl)] : [];
  if (redis.length === 2) io.adapter(createAdapter(redis[0], redis[1]));
  // The adapter's publishing client also keeps the per-member event counts, shared by every node.
  // Janus handles of sockets taken off a circle's stage go on the node that holds them.
  options.handlers.janus?.attachSockets(io);
  const handlers: HandlerDeps = {
    ...options.handlers,
    counter: createWindowCounter({ prefix: 'socket-limit', redis: redis[0] }),
  };

  // Handshakes of a member under way on this node, not yet in their private room.
  const connecting = new Map<string, number>();
  /**
   * Whether one more socket would pass the member's cap. Their private room holds their sockets on
   * every node (the Redis adapter asks the others; if one does not answer, this node's count stands).
   * Handshakes at the same moment may pass by one or two: a cap against scripts, not an exact count.
   */
  async function mayOpenSocket(userId: string): Promise<boolean> {
    connecting.set(userId, (connecting.get(userId) ?? 0) + 1);
    try {
      const room = rooms.user(userId);
      const open = await io
        .in(room)
        .fetchSockets()
        .catch(() => io.local.in(room).fetchSockets());
      return open.length + (connecting.get(userId) ?? 1) <= MAX_SOCKETS_PER_MEMBER;
    } finally {
      const left = (connecting.get(userId) ?? 1) - 1;
      if (left > 0) connecting.set(userId, left);
      else connecting.delete(userId);
    }
  }

  io.use(async (socket, next) => {
    try {
      const viewer = await options.sessions.resolve(socket.handshake.headers.cookie);
      if (!viewer) return next(new Error('unauthorized'));
      if (!(await mayOpenSocket(viewer.userId))) return next(tooManySockets());
      socket.data.viewer = viewer;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  // Every node hears a revocation (sessions.ts), so each drops its own sockets of that member; the
  // cache entry is already gone, so a reconnect is checked against the database.
  options.sessions.onRevoked((userId) => {
    io.local.in(rooms.user(userId)).disconnectSockets(true);
  });

  io.on('connection', (socket) => {
    void socket.join(rooms.user(socket.data.viewer.userId));
    attachHandlers(socket, handlers);
    // The Janus handles this page held go with it (server/circles/janus.ts).
    socket.on('disconnect', () => handlers.janus?.dropSocket(socket.id));
  });

  const userRooms = (userIds: string | string[]) =>
    typeof userIds === 'string' ? rooms.user(userIds) : [...new Set(userIds)].map(rooms.user);

  const realtime: Realtime = {
    emit: (room, event, ...args) => io.to(room).emit(event, ...args),
    emitExcept: (room, exceptUserIds, event, ...args) =>
      io
        .to(room)
        .except(userRooms(exceptUserIds))
        .emit(event, ...args),
    emitToUser: (userIds, event, ...args) => io.to(userRooms(userIds)).emit(event, ...args),
    disconnectUser: (userId) => io.in(rooms.user(userId)).disconnectSockets(true),
    leaveRoom: (userIds, room) => io.in(userRooms(userIds)).socketsLeave(room),
  };

  // Messages for every node's own listeners (the Mastodon API's streams, server/streaming/): through
  // the Redis adapter's server-side emit, so each node hears what another published.
  const nodes: NodeChannel = {
    publish: (event, payload) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
      if (redis.length === 2) io.serverSideEmit(event, payload);
    },
    subscribe: (event, listener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      if (redis.length === 2) io.on(event, listener);
    },
  };
  const listeners = new Map<string, Array<(payload: unknown) => void>>();

  return {
    realtime,
    nodes,
    /** Sockets open on this node (the /metrics gauge). */
    openSockets: () => io.of('/').sockets.size,
    close: async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
