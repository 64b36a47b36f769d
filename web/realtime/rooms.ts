import { JOIN_TIMEOUT_MS, type RoomName } from '@common/realtime.ts';
import { errorText } from '@web/i18n/errors.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';
import { connectedSocket, onRealtimeConnected, onRealtimeDisconnected } from './connection.ts';

/**
 * Whether the server let this tab into a room; `error` says why not when it refused, in the language
 * shown: the server's error by its code, or NO_ANSWER.
 */
export interface RoomState {
  joined: boolean;
  error: string | null;
}

const NOT_JOINED: RoomState = { joined: false, error: null };
const JOINED: RoomState = { joined: true, error: null };
// Not asked again until the next connect: a server that does not answer is busy or gone.
const NO_ANSWER = msg('The server did not answer in time.');

/** A room some components of this tab want to be in; it is left when the last one lets go. */
interface HeldRoom {
  users: number;
  state: RoomState;
  /** Counts asks, so that only the answer to the latest one counts. */
  asks: number;
}

const held = new Map<RoomName, HeldRoom>();
const watchers = new Set<() => void>();

const notify = () => {
  for (const watcher of [...watchers]) watcher();
};

function setState(entry: HeldRoom, state: RoomState) {
  if (entry.state === state) return;
  entry.state = state;
  notify();
}

async function askToJoin(room: RoomName, entry: HeldRoom) {
  const socket = connectedSocket();
  if (!socket) return; // asked on the next connect
  entry.asks += 1;
  const ask = entry.asks;
  const answer = (state: RoomState) => {
    if (held.get(room) === entry && entry.asks === ask) setState(entry, state);
  };
  try {
    const result = await socket.timeout(JOIN_TIMEOUT_MS).emitWithAck('room:join', { room });
    answer(result.ok ? JOINED : { joined: false, error: errorText(result.error) });
  } catch {
    answer({ joined: false, error: i18n.t(NO_ANSWER) });
  }
}

// The server forgets a socket's rooms with the socket: every connect asks for them all again.
onRealtimeConnected(() => {
  for (const [room, entry] of held) void askToJoin(room, entry);
});
onRealtimeDisconnected(() => {
  for (const entry of held.values()) {
    entry.asks += 1; // an answer still on its way is about the lost socket
    setState(entry, NOT_JOINED);
  }
});

/**
 * Keeps this tab in a room until the returned function is called. Components holding the same room
 * share one membership: the first one asks to join, the last one to let go leaves.
 */
export function holdRoom(room: RoomName): () => void {
  let entry = held.get(room);
  if (!entry) {
    entry = { users: 0, state: NOT_JOINED, asks: 0 };
    held.set(room, entry);
    void askToJoin(room, entry);
  }
  const mine = entry;
  mine.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    mine.users -= 1;
    if (mine.users > 0) return;
    held.delete(room);
    notify();
    // Nobody waits for the answer: if leaving fails, the tab only hears events nobody listens to.
    connectedSocket()?.emit('room:leave', { room }, () => {});
  };
}

/** The join state of a room, the same object until it changes (for useSyncExternalStore). */
export function roomState(room: RoomName): RoomState {
  return held.get(room)?.state ?? NOT_JOINED;
}

export function watchRooms(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}
