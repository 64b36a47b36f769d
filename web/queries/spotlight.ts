import type { Spotlight } from '@common/schemas/spotlight.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { useEffect, useRef, useState } from 'react';
import { retryServerErrors } from './postCache.ts';

export const spotlightKeys = { today: () => ['spotlight'] as const };

/**
 * Today's Daily Spotlight. When today's ranking is empty the page asks the server once to compute it
 * (spec: it "triggers an update function and re-fetches once") and shows what that gives.
 */
export function useSpotlight() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: spotlightKeys.today(),
    queryFn: ({ signal }) => api<Spotlight>('/api/spotlight', { signal }),
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  });
  const asked = useRef(false);
  const [refreshing, setRefreshing] = useState(false);
  const empty = query.data?.entries.length === 0;
  useEffect(() => {
    if (!empty || asked.current) return;
    asked.current = true;
    setRefreshing(true);
    api<Spotlight>('/api/spotlight/refresh', { method: 'POST', body: {} })
      .then((fresh) => queryClient.setQueryData(spotlightKeys.today(), fresh))
      .catch(() => undefined) // the empty state stays; the next visit asks again
      .finally(() => setRefreshing(false));
  }, [empty, queryClient]);
  return { ...query, refreshing };
}
