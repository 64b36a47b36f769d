import type { ParsedRoom } from '@common/realtime.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';
import { circleRole } from './circle.ts';

/**
 * Who may be in a realtime room. The member's own private room is joined on connect and nobody
 * else's ever; the live-circles list is for every signed-in member; a circle's room (its row, members,
 * chat) is for its members: the host and the guests it let in.
 */
export async function canJoinRoom(db: Kysely<DB>, viewer: Viewer, room: ParsedRoom): Promise<boolean> {
  switch (room.kind) {
    case 'user':
      return room.id === viewer.userId;
    case 'liveCircles':
      return true;
    case 'circle':
      return (await circleRole(db, room.id, viewer.userId)) !== null;
  }
}

/** The private room holds the member's notifications and messages: it is not theirs to leave. */
export function canLeaveRoom(room: ParsedRoom): boolean {
  return room.kind !== 'user';
}
