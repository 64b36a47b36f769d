import type { ParsedRoom } from '@common/realtime.ts';
import type { Viewer } from '@server/auth/sessions.ts';

/**
 * Who may be in a realtime room. The member's own private room is joined on connect and nobody
 * else's ever; the live-circles list is for every signed-in member. A circle's room stays closed
 * until the circles feature gives it a rule (host, members, preview).
 */
export async function canJoinRoom(viewer: Viewer, room: ParsedRoom): Promise<boolean> {
  switch (room.kind) {
    case 'user':
      return room.id === viewer.userId;
    case 'liveCircles':
      return true;
    case 'circle':
      return false;
  }
}
