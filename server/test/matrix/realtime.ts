import { type ClientEvent, rooms } from '@common/realtime.ts';
import { circleMediaHandlers } from '@server/sockets/handlers/circleMedia.ts';
import { circleHandlers } from '@server/sockets/handlers/circles.ts';
import { roomHandlers } from '@server/sockets/handlers/rooms.ts';
import type { Fixtures } from './fixtures.ts';
import { VIEWERS, type ViewerKind } from './table.ts';

// The realtime half of the matrix: every client-to-server event of common/realtime.ts, against the
// same viewers over real sockets. A cell is 'ok' (the acknowledgement carries data), the error code
// the acknowledgement carries, or 'refused' (no socket at all: the connection itself was refused).

export type Outcome = 'ok' | 'refused' | string;
export type SocketExpectation = Record<ViewerKind, Outcome>;

export interface SocketRow {
  event: ClientEvent;
  variant: string;
  payload: (f: Fixtures, viewer: ViewerKind) => unknown;
  expect: SocketExpectation;
}

/** Signed-in sockets only: a visitor and a suspended member get no connection. */
export const sockets = (outcome: Outcome, overrides: Partial<SocketExpectation> = {}): SocketExpectation => ({
  ...(Object.fromEntries(VIEWERS.map((viewer) => [viewer, outcome])) as SocketExpectation),
  visitor: 'refused',
  suspended: 'refused',
  ...overrides,
});

const SDP = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
const selfId = (f: Fixtures, viewer: ViewerKind) =>
  viewer === 'visitor' ? f.members.owner.id : f.members[viewer].id;
const circleRooms = (['privateCircle', 'publicCircle'] as const).map((which) => ({
  event: 'room:join' as const,
  variant: `the owner's ${which === 'privateCircle' ? 'private' : 'public'} circle`,
  payload: (f: Fixtures) => ({ room: rooms.circle(f[which]) }),
  // Its members only: the host and the guests it let in. To the blocked member the circle does not
  // exist, as its page (404).
  expect: sockets('room_forbidden', { owner: 'ok', other: 'ok', blocked: 'circle_not_found' }),
}));

export const socketRows: SocketRow[] = [
  {
    event: 'room:join',
    variant: "the owner's private room",
    payload: (f) => ({ room: rooms.user(f.members.owner.id) }),
    expect: sockets('room_forbidden', { owner: 'ok' }),
  },
  {
    event: 'room:join',
    variant: "the viewer's own private room",
    payload: (f, viewer) => ({ room: rooms.user(selfId(f, viewer)) }),
    expect: sockets('ok'),
  },
  ...circleRooms,
  {
    event: 'room:join',
    variant: 'the live-circles list',
    payload: () => ({ room: rooms.liveCircles() }),
    expect: sockets('ok'),
  },
  {
    event: 'room:leave',
    variant: 'the live-circles list',
    payload: () => ({ room: rooms.liveCircles() }),
    expect: sockets('ok'),
  },
  {
    event: 'room:leave',
    variant: "the viewer's own private room",
    // It carries the member's notifications and messages: never theirs to leave.
    payload: (f, viewer) => ({ room: rooms.user(selfId(f, viewer)) }),
    expect: sockets('room_forbidden'),
  },
  {
    event: 'circle:signal',
    variant: "an offer request to the host of the owner's public circle",
    payload: (f) => ({
      circle_id: f.publicCircle,
      to_user_id: f.members.owner.id,
      from_peer: 'peer-matrix-0001',
      kind: 'request-offer',
    }),
    // A guest speaks to the host; the host cannot address itself; anyone else is not in the circle,
    // and to the blocked member it does not exist.
    expect: sockets('circle_not_member', { owner: 'signal_self', other: 'ok', blocked: 'circle_not_found' }),
  },
  {
    event: 'circle:signal',
    variant: "an offer to other, a guest of the owner's public circle",
    payload: (f) => ({
      circle_id: f.publicCircle,
      to_user_id: f.members.other.id,
      to_peer: 'peer-other-0001',
      from_peer: 'peer-matrix-0002',
      kind: 'offer',
      sdp: SDP,
    }),
    // Offers come from the host alone; to the blocked member the circle does not exist.
    expect: sockets('circle_host_only', { owner: 'ok', other: 'signal_self', blocked: 'circle_not_found' }),
  },
  {
    event: 'circle:media',
    variant: "a Janus publish to the owner's public circle",
    payload: (f) => ({ circle_id: f.publicCircle, kind: 'publish', sdp: SDP }),
    // The host alone publishes (this server has no Janus, so the host hears that); to the blocked
    // member the circle does not exist.
    expect: sockets('circle_not_member', {
      owner: 'circle_not_on_janus',
      other: 'circle_host_only',
      blocked: 'circle_not_found',
    }),
  },
  {
    event: 'circle:media',
    variant: "a Janus subscription to the owner's public circle",
    payload: (f) => ({ circle_id: f.publicCircle, kind: 'subscribe' }),
    expect: sockets('circle_not_member', {
      owner: 'signal_self',
      other: 'circle_not_on_janus',
      blocked: 'circle_not_found',
    }),
  },
];

/** Every client event the server handles: a row must name each (handlers/index.ts takes these two). */
export const handledEvents = [...roomHandlers, ...circleHandlers, ...circleMediaHandlers].map(
  (handler) => handler.event as string,
);

/**
 * Every event of the contract, checked by the type checker: an event added to ClientToServerEvents
 * fails `npm run typecheck` here until the matrix has rows for it.
 */
export const CONTRACT_EVENTS = Object.keys({
  'room:join': true,
  'room:leave': true,
  'circle:signal': true,
  'circle:media': true,
} satisfies Record<ClientEvent, true>);
