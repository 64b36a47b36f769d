import type { Me } from '@common/schemas/profiles.ts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@web/api/client.ts';
import { forgetShoppingList } from '@web/pwa/shoppingListStore.ts';
import { useCallback } from 'react';

export const sessionKeys = { me: ['session', 'me'] as const };

export const sessionQuery = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: async ({ signal }) => {
    try {
      return await api<Me>('/api/me', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
});

/** The signed-in member, or null for a visitor. Loading until the first check finishes. */
export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * The member as far as already known, without asking the server. For screens shown with no network
 * (web/App.tsx OFFLINE_SCREENS): a second observer asking on mount would put the failed session back to
 * loading, and RequireAuth would take the screen away and show it again, round and round.
 */
export function useKnownSession() {
  return useQuery({ ...sessionQuery, enabled: false }).data;
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await api('/api/auth/sign-out', { method: 'POST', body: {} });
    } finally {
      queryClient.setQueryData(sessionKeys.me, null);
      // What this device kept for offline use is the member's: the next one here must not see it.
      forgetShoppingList();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    }
  }, [queryClient]);
}
