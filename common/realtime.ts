/**
 * The realtime contract (DESIGN.md section 4): every event the server sends or accepts, with its
 * payload, used as the generics of the Socket.IO server and client. Constants from spec section 9.
 */
import type { Message, ReadReceipt } from './schemas/messages.ts';

export interface ServerToClientEvents {
  /** The member's notifications changed (new, read, removed): refetch the list. */
  'notifications:changed': () => void;
  /** A direct message the member sent (from any tab) or received, once it is stored. */
  'message:new': (message: Message) => void;
  /** Messages were read: by the other member (show 'read') or by the member in another tab. */
  'messages:read': (receipt: ReadReceipt) => void;
}

// biome-ignore lint/complexity/noBannedTypes: no client-to-server events yet; messages and circles add them.
export type ClientToServerEvents = {};

export const REALTIME_PATH = '/socket.io';
export const HEARTBEAT_MS = 25_000;
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
export const JOIN_TIMEOUT_MS = 10_000;
