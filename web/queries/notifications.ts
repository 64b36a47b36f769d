import type { NotificationList } from '@common/schemas/notifications.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';

export const notificationKeys = { list: ['notifications', 'list'] as const };

/** The bell's list: refetched whenever the realtime room says it changed, and after a reconnect. */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => api<NotificationList>('/api/notifications', { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** A POST on one notification (or the request behind it); the bell's list reloads either way. */
export function useNotificationAction(path: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(path(id), { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/notifications/read-all', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export const useMarkNotificationRead = () => useNotificationAction((id) => `/api/notifications/${id}/read`);
