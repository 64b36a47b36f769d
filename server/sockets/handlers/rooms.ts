import { roomRequestSchema } from '@common/realtime.ts';
import { tooManyRequests } from '@server/http/errors.ts';
import { roomToJoin, roomToLeave } from '@server/queries/rooms.ts';
import { defineHandler } from './define.ts';

/**
 * Room joins one member may ask for per window, over all their tabs (and nodes, with REDIS_URL): a
 * page joins a room or two, and every tab joins them again after a reconnect; each ask reads the
 * room's policy from the database, so a script looping on it meets an error that says how long to wait.
 */
export const ROOM_JOIN_LIMIT = { max: 120, windowMs: 60_000 };

/** Joining and leaving rooms: the room's policy decides (queries/rooms.ts), never the socket. */
export const roomHandlers = [
  defineHandler({
    event: 'room:join',
    schema: roomRequestSchema,
    async handle(socket, { room }, { db, counter }) {
      const joins = await counter.hit(`room-join:${socket.data.viewer.userId}`, ROOM_JOIN_LIMIT.windowMs);
      if (joins.count > ROOM_JOIN_LIMIT.max)
        throw tooManyRequests(Math.max(1, Math.ceil(joins.resetInMs / 1000)));
      const name = await roomToJoin(db, socket.data.viewer, room);
      await socket.join(name);
      return { room: name };
    },
  }),
  defineHandler({
    event: 'room:leave',
    schema: roomRequestSchema,
    async handle(socket, { room }) {
      const name = roomToLeave(room);
      await socket.leave(name);
      return { room: name };
    },
  }),
];
