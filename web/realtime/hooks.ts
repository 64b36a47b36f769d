import type { RoomName, ServerEvent, ServerToClientEvents } from '@common/realtime.ts';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { onRealtimeConnected, onRealtimeEvent } from './connection.ts';
import { holdRoom, type RoomState, roomState, watchRooms } from './rooms.ts';

export type { RoomState } from './rooms.ts';

/** The latest value, for listeners that must not be re-subscribed at every render. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * Calls `handler` with every `event` the server sends this tab while the component is mounted. The
 * handler may change at every render; the subscription stays.
 */
export function useRealtimeEvent<E extends ServerEvent>(event: E, handler: ServerToClientEvents[E]): void {
  const latest = useLatest(handler);
  useEffect(() => {
    const forward = (...args: unknown[]) => (latest.current as (...args: unknown[]) => void)(...args);
    return onRealtimeEvent(event, forward as ServerToClientEvents[E]);
  }, [event, latest]);
}

/**
 * Calls `handler` every time the connection is up (`reconnect` is false the first time): the moment
 * to fetch what may have been missed while there was none.
 */
export function useRealtimeConnected(handler: (reconnect: boolean) => void): void {
  const latest = useLatest(handler);
  useEffect(() => onRealtimeConnected((reconnect) => latest.current(reconnect)), [latest]);
}

/**
 * Keeps this tab in `room` (none for null) while the component is mounted, asking the server again
 * after every reconnect. A screen that shows what the room announces fetches it once `joined` is
 * true, so nothing falls between its fetch and the join.
 */
export function useRoom(room: RoomName | null): RoomState {
  useEffect(() => (room ? holdRoom(room) : undefined), [room]);
  return useSyncExternalStore(watchRooms, () => (room ? roomState(room) : NOT_HELD));
}

const NOT_HELD: RoomState = { joined: false, error: null };
