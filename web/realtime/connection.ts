import { feedOfRoute } from '@common/feeds.ts';
import {
  type ClientToServerEvents,
  REALTIME_PATH,
  RECONNECT_DELAYS_MS,
  type ServerEvent,
  type ServerToClientEvents,
} from '@common/realtime.ts';
import { firstScreenShown } from '@web/afterPaint.ts';
import type { Socket } from 'socket.io-client';

/**
 * The tab's one Socket.IO connection, typed by the contract in common/realtime.ts. Subscriptions
 * live here, not on a socket: the socket is created later (socket.io-client loads with the first
 * signed-in screen) and again after a sign-out and sign-in, and each new one gets every subscription
 * made so far.
 */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type Listener = (...args: unknown[]) => void;
interface Subscription {
  event: ServerEvent;
  listener: Listener;
}

const subscriptions = new Set<Subscription>();
const connectListeners = new Set<(reconnect: boolean) => void>();
const disconnectListeners = new Set<(reason: string) => void>();
let current: RealtimeSocket | undefined;

// Socket.IO's typed `on` cannot take an event picked by a type parameter; onRealtimeEvent's own
// signature keeps every caller typed by the contract.
const untyped = (socket: RealtimeSocket) =>
  socket as unknown as {
    on(event: string, listener: Listener): void;
    off(event: string, listener: Listener): void;
  };

/** Listens to one server event until the returned function is called (an effect's cleanup). */
export function onRealtimeEvent<E extends ServerEvent>(
  event: E,
  listener: ServerToClientEvents[E],
): () => void {
  // Its own function, so that removing it never removes someone else's identical listener.
  const subscription: Subscription = { event, listener: (...args) => (listener as Listener)(...args) };
  subscriptions.add(subscription);
  if (current) untyped(current).on(event, subscription.listener);
  return () => {
    subscriptions.delete(subscription);
    if (current) untyped(current).off(event, subscription.listener);
  };
}

/**
 * Called every time the connection is up (`reconnect` is false the first time), which is when a
 * screen fetches what it may have missed, until the returned function is called.
 */
export function onRealtimeConnected(listener: (reconnect: boolean) => void): () => void {
  connectListeners.add(listener);
  return () => connectListeners.delete(listener);
}

/**
 * Called every time the connection is lost (the server forgets the socket's rooms then), with
 * Socket.IO's reason: 'io server disconnect' when the server dropped it (sign-out elsewhere, a
 * password reset, a suspension).
 */
export function onRealtimeDisconnected(listener: (reason: string) => void): () => void {
  disconnectListeners.add(listener);
  return () => disconnectListeners.delete(listener);
}

/** The socket, only while it is connected: what is emitted then is not queued for later. */
export function connectedSocket(): RealtimeSocket | undefined {
  return current?.connected ? current : undefined;
}

/**
 * Opens the tab's connection (RealtimeBridge, while a member is signed in) and returns what closes
 * it. After a lost connection it tries again after 1, 2, 5, then every 10 s (spec section 4).
 */
export function connectRealtime(): () => void {
  let socket: RealtimeSocket | undefined;
  let stopped = false;
  let attempt = 0;
  let everConnected = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      socket?.connect();
    }, delay);
  };

  // socket.io-client loads with the first signed-in screen, not with /auth. On a feed it waits for the
  // first screen to be shown, like the screen's other secondary requests: it would share a phone's connection with
  // the feed's own files. Elsewhere it does not wait: a message sent to an open chat before the room is
  // joined is caught up on connect, but as a list refresh, not as an event that its live region reads out.
  const firstScreen = feedOfRoute(location.pathname) ? firstScreenShown() : undefined;
  void Promise.resolve(firstScreen)
    .then(() => import('socket.io-client'))
    .then(({ io }) => {
      if (stopped) return;
      socket = io({
        path: REALTIME_PATH,
        withCredentials: true,
        reconnection: false,
        // A WebSocket stays on the node it opened on, so proxies need no sticky sessions (DEPLOY.md);
        // long-polling, whose requests may land on another node, is only the fallback.
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
      });
      for (const { event, listener } of subscriptions) untyped(socket).on(event, listener);
      current = socket;
      socket.on('connect', () => {
        attempt = 0;
        const reconnect = everConnected;
        everConnected = true;
        for (const listener of [...connectListeners]) listener(reconnect);
        // Visible state for people debugging and for the end-to-end tests.
        document.documentElement.dataset.realtime = 'connected';
      });
      socket.on('connect_error', scheduleReconnect);
      socket.on('disconnect', (reason) => {
        document.documentElement.dataset.realtime = 'disconnected';
        for (const listener of [...disconnectListeners]) listener(reason);
        if (reason !== 'io client disconnect') scheduleReconnect();
      });
    });

  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.disconnect();
    socket?.off();
    if (current === socket) current = undefined;
  };
}
