import { type ParsedRoom, parseRoom, type RoomName, roomName } from '@common/realtime.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, forbidden, notFound } from '@server/http/errors.ts';
import { canSeeCircle } from '@server/policies/circle.ts';
import { canJoinRoom, canLeaveRoom } from '@server/policies/room.ts';
import type { Kysely } from 'kysely';
import { findCircle } from './circles.ts';

/**
 * The realtime rooms a member's socket asks to join or leave, as policies/room.ts lets them: the name
 * to use, or the refusal. Not a room is a 400; a circle's room when the circle is missing or hidden
 * from the viewer a 404, as its page; any other refusal a 403.
 */

function parsed(room: string): ParsedRoom {
  const found = parseRoom(room);
  if (!found) throw badRequest('invalid_room');
  return found;
}

export async function roomToJoin(db: Kysely<DB>, viewer: Viewer, room: string): Promise<RoomName> {
  const asked = parsed(room);
  if (asked.kind === 'circle') {
    const circle = await findCircle(db, asked.id);
    if (!circle || !(await canSeeCircle(db, viewer.userId, circle))) throw notFound('circle_not_found');
  }
  if (!(await canJoinRoom(db, viewer, asked))) throw forbidden('room_forbidden');
  return roomName(asked);
}

export function roomToLeave(room: string): RoomName {
  const asked = parsed(room);
  if (!canLeaveRoom(asked)) throw forbidden('room_forbidden');
  return roomName(asked);
}
