import type { Me } from '@common/schemas/profiles.ts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@web/api/client.ts';
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

export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await api('/api/auth/sign-out', { method: 'POST', body: {} });
    } finally {
      queryClient.setQueryData(sessionKeys.me, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    }
  }, [queryClient]);
}
