import type { ServerToClientEvents } from '@common/realtime.ts';
import type { Query } from '@tanstack/react-query';

/**
 * What screens may hear from the tab's one Socket.IO connection (owned by RealtimeBridge, which feeds
 * this module): the server's events, plus `connected` each time the room is joined (`reconnect` is
 * false the first time), after which a screen fetches what it may have missed.
 */
export type RealtimeEvents = Pick<ServerToClientEvents, 'message:new' | 'messages:read'> & {
  connected: (reconnect: boolean) => void;
};

type Listener = (...args: unknown[]) => void;
const listeners = new Map<keyof RealtimeEvents, Set<Listener>>();

/** Listens to one event until the returned function is called (an effect's cleanup). */
export function onRealtime<E extends keyof RealtimeEvents>(
  event: E,
  listener: RealtimeEvents[E],
): () => void {
  const set = listeners.get(event) ?? new Set<Listener>();
  listeners.set(event, set);
  set.add(listener as Listener);
  return () => set.delete(listener as Listener);
}

export function emitRealtime<E extends keyof RealtimeEvents>(
  event: E,
  ...args: Parameters<RealtimeEvents[E]>
): void {
  for (const listener of listeners.get(event) ?? []) listener(...args);
}

/**
 * After a reconnect the bridge refetches every query, except those whose `meta` carries this flag:
 * they catch up by themselves on `connected` (a refetch would drop what they hold locally, such as
 * messages still being sent).
 */
export const CATCHES_UP_ITSELF = 'catchesUpItself';

export const refetchAfterReconnect = (query: Query) => query.meta?.[CATCHES_UP_ITSELF] !== true;
