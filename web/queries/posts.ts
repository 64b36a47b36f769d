import { feedPath } from '@common/feeds.ts';
import type { CreatePostInput, FeedPage, Post } from '@common/schemas/posts.ts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import {
  type FeedFilter,
  postKeys,
  prependCachedPost,
  removeCachedPost,
  retryServerErrors,
  updateCachedPost,
} from './postCache.ts';

export { type FeedFilter, postKeys } from './postCache.ts';
export {
  useActivity,
  useAddComment,
  useComedyShows,
  useComments,
  useDeleteComment,
  useTrending,
} from './postExtras.ts';
export { useToggleLike, useTogglePrayed } from './postToggles.ts';

type PostCategory = Post['category'];

const path = (id: string, rest = '') => `/api/posts/${encodeURIComponent(id)}${rest}`;

/** A feed, newest first, 20 posts a page. */
export const feedQuery = (category: PostCategory) =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(category),
    queryFn: ({ pageParam, signal }) => api<FeedPage>(feedPath(category, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.next_cursor,
    staleTime: 30_000,
    retry: retryServerErrors,
  });

export function useFeed(category: PostCategory) {
  return useInfiniteQuery(feedQuery(category));
}

/** A feed page's path with the food feed's filters. */
function filteredFeedPath(category: PostCategory, filter: FeedFilter, before: string | null): string {
  const params = new URLSearchParams();
  if (filter.diet) params.set('diet', filter.diet);
  if (filter.ingredient) params.set('ingredient', filter.ingredient);
  return `${feedPath(category, before)}&${params}`;
}

/**
 * The food feed with its filters (a diet tag, an ingredient): the feed itself, as useFeed, while
 * the filter sets nothing, else the filtered posts (a query of their own). While a filter's first
 * page loads, the posts shown before stay (isPlaceholderData) rather than a spinner at each keystroke.
 */
export function useFilteredFeed(category: PostCategory, filter: FeedFilter) {
  const all = useFeed(category);
  const filtered = Boolean(filter.diet || filter.ingredient);
  const matching = useInfiniteQuery({
    queryKey: postKeys.filteredFeed(category, filter),
    queryFn: ({ pageParam, signal }) =>
      api<FeedPage>(filteredFeedPath(category, filter, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.next_cursor,
    staleTime: 30_000,
    retry: retryServerErrors,
    enabled: filtered,
    placeholderData: (previous) =>
      previous ?? (all.data as InfiniteData<FeedPage, string | null> | undefined),
  });
  return filtered ? matching : all;
}

export function usePost(id: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: postKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api<Post>(path(id!), { signal }),
    enabled: Boolean(id) && options.enabled !== false,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostInput) => api<Post>('/api/posts', { body: input }),
    onSuccess: (post) => {
      prependCachedPost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: postKeys.activity() });
      // A request goes into the asker's journal, and an urgent one on top of the prayer feed.
      if (post.prayer) {
        void queryClient.invalidateQueries({ queryKey: postKeys.prayerFeed('journal') });
        if (post.prayer.urgent)
          void queryClient.invalidateQueries({ queryKey: postKeys.prayerFeed('urgent') });
      }
    },
  });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...edit
    }: {
      id: string;
      content: string;
      content_warning?: string;
      alt_text?: string;
    }) => api<Post>(path(id), { method: 'PATCH', body: edit }),
    onSuccess: (post) => {
      updateCachedPost(queryClient, post.id, () => post);
      void queryClient.invalidateQueries({ queryKey: postKeys.trending() });
    },
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(path(id), { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      removeCachedPost(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: postKeys.activity() });
      void queryClient.invalidateQueries({ queryKey: postKeys.trending() });
    },
  });
}

/** Counts a share (the link was copied or shared) and shows the server's count. */
export function useSharePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ share_count: number }>(path(id, '/shares'), { method: 'POST' }),
    onSuccess: ({ share_count }, id) => {
      updateCachedPost(queryClient, id, (post) => ({ ...post, share_count }));
    },
  });
}

/** Counts a view of the post page; the server counts one per member per post per day. */
export function useRecordView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ counted: boolean }>(path(id, '/views'), { method: 'POST' }),
    onSuccess: ({ counted }, id) => {
      if (counted)
        updateCachedPost(queryClient, id, (post) => ({ ...post, view_count: post.view_count + 1 }));
    },
  });
}
