import type { SearchProfilesResponse } from '@common/schemas/profiles.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';

export const profileKeys = {
  search: (query: string) => ['profiles', 'search', query] as const,
};

/** Profiles whose username or full name contains the (already trimmed) query. */
export function useProfileSearch(query: string) {
  return useQuery({
    queryKey: profileKeys.search(query),
    queryFn: ({ signal }) =>
      api<SearchProfilesResponse>(`/api/profiles/search?q=${encodeURIComponent(query)}`, { signal }),
    enabled: query.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
