import type { Server as HttpServer } from 'node:http';
import {
  type ClientToServerEvents,
  HEARTBEAT_MS,
  JOIN_TIMEOUT_MS,
  REALTIME_PATH,
  type ServerToClientEvents,
} from '@common/realtime.ts';
import type { SessionResolver } from '@server/auth/sessions.ts';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Realtime } from './realtime.ts';

/** Room names: the server alone decides which rooms a socket joins. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
};

interface SocketData {
  userId: string;
}

/**
 * Socket.IO on the app's HTTP server. A socket is accepted only with a valid session cookie from a
 * trusted Origin, and joins its member's private room and nothing else.
 */
export function attachSocketServer(
  httpServer: HttpServer,
  options: { sessions: SessionResolver; trustedOrigins: string[]; redisUrl?: string | undefined },
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
      socket.data.userId = viewer.userId;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket) => {
    void socket.join(rooms.user(socket.data.userId));
  });

  const realtime: Realtime = {
    notificationsChanged(userIds) {
      for (const userId of new Set(userIds)) io.to(rooms.user(userId)).emit('notifications:changed');
    },
    messageStored(message) {
      io.to([rooms.user(message.sender_id), rooms.user(message.receiver_id)]).emit('message:new', message);
    },
    messagesRead(receipt, otherUserId) {
      io.to([rooms.user(receipt.reader_id), rooms.user(otherUserId)]).emit('messages:read', receipt);
    },
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
