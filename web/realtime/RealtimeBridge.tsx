import {
  type ClientToServerEvents,
  REALTIME_PATH,
  RECONNECT_DELAYS_MS,
  type ServerToClientEvents,
} from '@common/realtime.ts';
import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@web/queries/notifications.ts';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { emitRealtime, refetchAfterReconnect } from './socket.ts';

/**
 * Keeps a signed-in member's tab in their private realtime room. Events invalidate the queries that
 * show what changed; after a lost connection it reconnects after 1, 2, 5, then every 10 s (spec
 * section 4) and refetches what is on screen, so nothing is missed while offline.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;
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

    // socket.io-client loads with the first signed-in screen, not with /auth.
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      socket = io({ path: REALTIME_PATH, withCredentials: true, reconnection: false });
      socket.on('connect', () => {
        attempt = 0;
        // Whatever happened before the room was joined (first connect) or while offline (reconnect).
        if (everConnected) void queryClient.invalidateQueries({ predicate: refetchAfterReconnect });
        else void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        emitRealtime('connected', everConnected);
        everConnected = true;
        // Visible state for people debugging and for the end-to-end tests.
        document.documentElement.dataset.realtime = 'connected';
      });
      socket.on('connect_error', scheduleReconnect);
      socket.on('disconnect', (reason) => {
        document.documentElement.dataset.realtime = 'disconnected';
        if (reason !== 'io client disconnect') scheduleReconnect();
      });
      socket.on('notifications:changed', () => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      });
      // Screens that show these subscribe through ./socket.ts; this stays the tab's one connection.
      socket.on('message:new', (message) => emitRealtime('message:new', message));
      socket.on('messages:read', (receipt) => emitRealtime('messages:read', receipt));
    });

    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.disconnect();
    };
  }, [queryClient]);
  return null;
}
