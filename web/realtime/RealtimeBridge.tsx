import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@web/queries/notifications.ts';
import { useEffect } from 'react';
import { refetchAfterReconnect } from './catchUp.ts';
import { connectRealtime } from './connection.ts';
import { useRealtimeConnected, useRealtimeEvent } from './hooks.ts';

/**
 * Keeps a signed-in member's tab connected to their private realtime room (connection.ts). Events
 * invalidate the queries that show what changed; after a lost connection it refetches what is on
 * screen, so nothing is missed while offline.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  useRealtimeEvent('notifications:changed', () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  });
  useRealtimeConnected((reconnect) => {
    // Whatever happened before the room was joined (first connect) or while offline (reconnect).
    if (reconnect) void queryClient.invalidateQueries({ predicate: refetchAfterReconnect });
    else void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  });
  useEffect(() => connectRealtime(), []);
  return null;
}
