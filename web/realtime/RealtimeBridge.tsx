import { useQueryClient } from '@tanstack/react-query';
import { useLinkCardArrivals } from '@web/queries/linkCards.ts';
import { notificationKeys } from '@web/queries/notifications.ts';
import { sessionKeys } from '@web/queries/session.ts';
import { useEffect } from 'react';
import { refetchAfterReconnect } from './catchUp.ts';
import { connectRealtime, onRealtimeDisconnected } from './connection.ts';
import { useRealtimeConnected, useRealtimeEvent } from './hooks.ts';

/**
 * Keeps a signed-in member's tab connected to their private realtime room (connection.ts). Events
 * invalidate the queries that show what changed; after a lost connection it refetches what is on
 * screen, so nothing is missed while offline.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  useLinkCardArrivals();
  useRealtimeEvent('notifications:changed', () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  });
  useRealtimeConnected((reconnect) => {
    // Whatever happened before the room was joined (first connect) or while offline (reconnect).
    if (reconnect) void queryClient.invalidateQueries({ predicate: refetchAfterReconnect });
    else void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  });
  useEffect(() => connectRealtime(), []);
  // The server drops a member's sockets when their sessions end (sign-out on another device, a
  // password reset, a suspension): asking who is signed in sends a tab whose session is gone to /auth.
  useEffect(
    () =>
      onRealtimeDisconnected((reason) => {
        if (reason === 'io server disconnect')
          void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      }),
    [queryClient],
  );
  return null;
}
