import { parseRoom, REALTIME_ERRORS, roomName, roomRequestSchema } from '@common/realtime.ts';
import { HttpError, tooManyRequests } from '@server/http/errors.ts';
import { canJoinRoom } from '@server/policies/room.ts';
import { defineHandler } from './define.ts';

const notARoom = () => new HttpError(400, 'invalid_room', REALTIME_ERRORS.notARoom);

/**
 * Room joins one member may ask for per window, over all their tabs (and nodes, with REDIS_URL): a
 * page joins a room or two, and every tab joins them again after a reconnect; each ask reads the
 * room's policy from the database, so a script looping on it meets an error that says how long to wait.
 */
export const ROOM_JOIN_LIMIT = { max: 120, windowMs: 60_000 };

/** Joining and leaving rooms: the room's policy decides, never the socket. */
export const roomHandlers = [
  defineHandler({
    event: 'room:join',
    schema: roomRequestSchema,
    async handle(socket, { room }, { db, counter }) {
      const joins = await counter.hit(`room-join:${socket.data.viewer.userId}`, ROOM_JOIN_LIMIT.windowMs);
      if (joins.count > ROOM_JOIN_LIMIT.max)
        throw tooManyRequests(Math.max(1, Math.ceil(joins.resetInMs / 1000)));
      const parsed = parseRoom(room);
      if (!parsed) throw notARoom();
      if (!(await canJoinRoom(db, socket.data.viewer, parsed))) {
        throw new HttpError(403, 'forbidden', REALTIME_ERRORS.roomForbidden);
      }
      const name = roomName(parsed);
      await socket.join(name);
      return { room: name };
    },
  }),
  defineHandler({
    event: 'room:leave',
    schema: roomRequestSchema,
    async handle(socket, { room }) {
      const parsed = parseRoom(room);
      if (!parsed) throw notARoom();
      // The private room holds the member's notifications and messages: it is not theirs to leave.
      if (parsed.kind === 'user') throw new HttpError(403, 'forbidden', REALTIME_ERRORS.roomForbidden);
      const name = roomName(parsed);
      await socket.leave(name);
      return { room: name };
    },
  }),
];
