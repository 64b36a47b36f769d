import { parseRoom, REALTIME_ERRORS, roomName, roomRequestSchema } from '@common/realtime.ts';
import { HttpError } from '@server/http/errors.ts';
import { canJoinRoom } from '@server/policies/room.ts';
import { defineHandler } from './define.ts';

const notARoom = () => new HttpError(400, 'invalid_room', REALTIME_ERRORS.notARoom);

/** Joining and leaving rooms: the room's policy decides, never the socket. */
export const roomHandlers = [
  defineHandler({
    event: 'room:join',
    schema: roomRequestSchema,
    async handle(socket, { room }, { db }) {
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
