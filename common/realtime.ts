/**
 * The realtime contract (DESIGN.md section 4), used as the generics of the Socket.IO server and
 * client: every event the server sends, every event a client may send with its acknowledgement, and
 * the names of the rooms. Room names are built here and nowhere else. Constants from spec section 9.
 */
import { z } from 'zod/mini';
import { defineErrors, type ErrorBody, rulesOf } from './errorTemplates.ts';
import type { MediaSignalAck, MediaSignalInput, Signal, SignalInput } from './schemas/circleSignals.ts';
import type { ChatMessage, Circle, JoinDecision, LiveChange } from './schemas/circles.ts';
import type { Message, ReadReceipt } from './schemas/messages.ts';

/** Every room there is. The server alone decides who is in one (`room:join` asks it). */
export const rooms = {
  /** A member's private room: every tab of theirs joins it on connect, and nobody else can. */
  user: (userId: string) => `user:${userId}` as const,
  /** One live circle: row updates, members, chat and WebRTC signalling. */
  circle: (circleId: string) => `circle:${circleId}` as const,
  /** Changes to the list of live circles, for the FaithVerse lists. */
  liveCircles: () => 'circles:live' as const,
};
export type RoomName = ReturnType<(typeof rooms)[keyof typeof rooms]>;

/** A room name taken apart, or null for anything that is not one (the server checks every ask). */
export type ParsedRoom =
  | { kind: 'user'; id: string }
  | { kind: 'circle'; id: string }
  | { kind: 'liveCircles' };
export function parseRoom(name: string): ParsedRoom | null {
  if (name === rooms.liveCircles()) return { kind: 'liveCircles' };
  const match = /^(user|circle):([0-9A-Za-z-]{1,64})$/.exec(name);
  if (!match) return null;
  return { kind: match[1] as 'user' | 'circle', id: match[2]! };
}

/** The room's name again, from its parts: what the server joins is always built by `rooms`. */
export function roomName(room: ParsedRoom): RoomName {
  return room.kind === 'liveCircles' ? rooms.liveCircles() : rooms[room.kind](room.id);
}

export interface ServerToClientEvents {
  /** The member's notifications changed (new, read, removed): refetch the list. */
  'notifications:changed': () => void;
  /** A direct message the member sent (from any tab) or received, once it is stored. */
  'message:new': (message: Message) => void;
  /** Messages were read: by the other member (show 'read') or by the member in another tab. */
  'messages:read': (receipt: ReadReceipt) => void;
  /** A circle's row changed (live, heartbeat started, ended): to its room. */
  'circle:updated': (circle: Circle) => void;
  /** A circle's members changed: its room refetches the participants. */
  'circle:members': (change: { circle_id: string }) => void;
  /** A chat message of a circle, once stored: to its room. */
  'circle:chat': (message: ChatMessage) => void;
  /** Someone asked to join, or a request was settled: to the host's tabs. */
  'circle:requests': (change: { circle_id: string }) => void;
  /** The host approved or declined the member's request: to that member's tabs. */
  'circle:decision': (decision: JoinDecision) => void;
  /** WebRTC signalling addressed to this member (their tabs check `to_peer`). */
  'circle:signal': (signal: Signal) => void;
  /** Janus carries this member's media now (the host's, or a speaker's): pages (re)subscribe. To the circle's room. */
  'circle:media-ready': (change: { circle_id: string; user_id: string }) => void;
  /** The server cut this page's Janus media (preview over, circle ended, access lost). */
  'circle:media-ended': (change: {
    circle_id: string;
    reason: 'preview' | 'ended' | 'access' | 'server';
  }) => void;
  /** The live list changed: a circle to put on top, or to take off. */
  'circles:live': (change: LiveChange) => void;
  /** Someone posted in one of the member's groups: an open group page shows '{n} new posts'. */
  'group:post': (change: { group_id: string; post_id: string; prayer: boolean }) => void;
  /** A post of the member's got its link card (issue 51): their open tabs show it. */
  'post:card': (change: { post_id: string }) => void;
  /**
   * A prayer request the member asked, prayed for or listed changed (an update, answered, renewed): an
   * open feed or post page reloads it and its updates. Carries nothing of its author.
   */
  'prayer:changed': (change: { post_id: string }) => void;
  /**
   * An event the member answered changed for them (moved up from the waitlist, cancelled, moved): an
   * open event page or list reloads it.
   */
  'event:changed': (change: { event_id: string }) => void;
}
export type ServerEvent = keyof ServerToClientEvents;

/** What every client-to-server event is answered with, through its acknowledgement callback. */
export type AckResult<T> = { ok: true; data: T } | { ok: false; error: ErrorBody };
export type Ack<T> = (result: AckResult<T>) => void;

export const REALTIME_ERRORS = defineErrors({
  unknown_event: 'The server does not know this event.',
  event_not_object: "Send the event's data as an object.",
  room_not_text: 'room must be text.',
  invalid_room: 'That is not a room.',
  room_forbidden: 'You cannot join this room.',
});
const { rule } = rulesOf(REALTIME_ERRORS);

/** Payloads of client-to-server events, checked by the server before any handler sees them. */
export const roomRequestSchema = z.strictObject({
  room: z.string(rule('room_not_text')).check(z.maxLength(100, rule('invalid_room'))),
});
export type RoomRequest = z.infer<typeof roomRequestSchema>;

export interface ClientToServerEvents {
  /** Ask to join a room; the server checks the room's policy first. Joins again are harmless. */
  'room:join': (request: RoomRequest, ack: Ack<{ room: RoomName }>) => void;
  /** Leave a room (never the member's own private room). */
  'room:leave': (request: RoomRequest, ack: Ack<{ room: RoomName }>) => void;
  /** Relay an offer, answer, ICE candidate or offer request to one peer of a circle. */
  'circle:signal': (signal: SignalInput, ack: Ack<{ delivered: true }>) => void;
  /** Media of a circle carried by Janus: publish, subscribe, answer, ice, leave (through the server). */
  'circle:media': (signal: MediaSignalInput, ack: Ack<MediaSignalAck>) => void;
}
export type ClientEvent = keyof ClientToServerEvents;
/** What a client event's acknowledgement carries when it succeeds. */
export type AckData<E extends ClientEvent> =
  Parameters<ClientToServerEvents[E]>[1] extends Ack<infer T> ? T : never;

export const REALTIME_PATH = '/socket.io';
export const HEARTBEAT_MS = 25_000;
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
export const JOIN_TIMEOUT_MS = 10_000;
