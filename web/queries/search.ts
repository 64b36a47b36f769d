import type { SearchPostsPage, SearchTags } from '@common/schemas/search.ts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { postKeys, retryServerErrors } from './postCache.ts';

/** Posts with the words of `q` the member may see, newest first, a page at a time (/search, Posts). */
export function useSearchPosts(q: string) {
  return useInfiniteQuery({
    queryKey: postKeys.searchFeed(q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ q });
      if (pageParam) params.set('before', pageParam);
      return api<SearchPostsPage>(`/api/search/posts?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: SearchPostsPage) => last.next_cursor,
    enabled: q.length > 0,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/** Tags that start with `q`, most used first (/search, Tags). */
export function useSearchTags(q: string) {
  return useQuery({
    queryKey: ['search', 'tags', q] as const,
    queryFn: ({ signal }) => api<SearchTags>(`/api/search/tags?${new URLSearchParams({ q })}`, { signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}
