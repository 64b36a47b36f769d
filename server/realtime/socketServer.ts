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
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { HandlerDeps, SocketData } from './handlers/define.ts';
import { attachHandlers } from './handlers/index.ts';
import type { Realtime } from './realtime.ts';

/**
 * Socket.IO on the app's HTTP server. A socket is accepted only with a valid session cookie from a
 * trusted Origin; it joins its member's private room, and any other room only through a handler that
 * checks the room's policy (handlers/rooms.ts).
 */
export function attachSocketServer(
  httpServer: HttpServer,
  options: {
    sessions: SessionResolver;
    trustedOrigins: string[];
    redisUrl?: string | undefined;
    handlers: HandlerDeps;
  },
) {
  const trusted = new Set(options.trustedOrigins.map((o) => new URL(o).origin));
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
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

  io.use(async (socket, next) => {
    try {
      const viewer = await options.sessions.resolve(socket.handshake.headers.cookie);
      if (!viewer) return next(new Error('unauthorized'));
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
    attachHandlers(socket, options.handlers);
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
  };

  return {
    realtime,
    close: async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
