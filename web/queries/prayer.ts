import type { FeedPage, Post, PrayerList } from '@common/schemas/posts.ts';
import type { PrayerReminder, PrayerUpdate, PrayerUpdates } from '@common/schemas/prayer.ts';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { useRealtimeEvent } from '@web/realtime/hooks.ts';
import { postKeys, retryServerErrors, updateCachedPost } from './postCache.ts';
import { viewerTimeZone } from './timeZone.ts';

/**
 * Prayer requests from asked to answered (issue 27): the prayer feed's urgent requests and Answered
 * tab, 'My prayer list' with its daily reminder, 'My journal', and a request's updates and author actions.
 */

const postPath = (id: string, rest: string) => `/api/posts/${encodeURIComponent(id)}${rest}`;
const pagePath = (path: string, before: string | null) =>
  before ? `${path}?${new URLSearchParams({ before })}` : path;

/** The urgent requests the prayer feed keeps on top, as one feed page (likes and prayers reach it). */
export function useUrgentPrayers() {
  return useInfiniteQuery({
    queryKey: postKeys.prayerFeed('urgent'),
    queryFn: async ({ signal }): Promise<FeedPage> => {
      const { posts } = await api<{ posts: Post[] }>('/api/prayer/urgent', { signal });
      return { posts, next_cursor: null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: () => null,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/** 'Answered' on /prayer, or 'My journal' (the member's own requests, expired and answered too). */
export function usePrayerFeed(kind: 'answered' | 'journal') {
  return useInfiniteQuery({
    queryKey: postKeys.prayerFeed(kind),
    queryFn: ({ pageParam, signal }) => api<FeedPage>(pagePath(`/api/prayer/${kind}`, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.next_cursor,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/** 'My prayer list' and its reminder; prayer cards read it to show 'On your prayer list'. */
export function usePrayerList(enabled = true) {
  return useQuery({
    queryKey: postKeys.prayerList(),
    queryFn: ({ signal }) => api<PrayerList>('/api/prayer/list', { signal }),
    enabled,
    staleTime: 60_000,
    retry: retryServerErrors,
  });
}

/**
 * 'Pray for this' (true) and 'Remove' or undo (false): the list changes at once, and goes back if the
 * server refuses.
 */
export function useSetOnPrayerList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, listed }: { post: Post; listed: boolean }) =>
      api<null>(`/api/prayer/list/${encodeURIComponent(post.id)}`, { method: listed ? 'PUT' : 'DELETE' }),
    onMutate: async ({ post, listed }) => {
      await queryClient.cancelQueries({ queryKey: postKeys.prayerList() });
      const before = queryClient.getQueryData<PrayerList>(postKeys.prayerList());
      queryClient.setQueryData<PrayerList>(postKeys.prayerList(), (list) => {
        if (!list) return list;
        const others = list.items.filter((item) => item.post.id !== post.id);
        const items = listed ? [{ post, added_at: new Date().toISOString() }, ...others] : others;
        return { ...list, items };
      });
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(postKeys.prayerList(), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.prayerList() }),
  });
}

/** 'Remind me daily' at a time of day in the browser's zone, or no reminder (null). */
export function useSetPrayerReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (time: string | null) =>
      api<PrayerReminder>('/api/prayer/reminder', {
        method: 'PUT',
        body: { time, time_zone: viewerTimeZone() },
      }),
    onSuccess: (reminder) => {
      queryClient.setQueryData<PrayerList>(postKeys.prayerList(), (list) =>
        list ? { ...list, reminder } : list,
      );
    },
  });
}

/** A request's updates, oldest first, fetched when they are opened (or the menu needs `following`). */
export function usePrayerUpdates(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: postKeys.prayerUpdates(postId),
    queryFn: ({ signal }) => api<PrayerUpdates>(postPath(postId, '/updates'), { signal }),
    enabled,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/** 'Post update' (the author): the update goes under the others and the count goes up. */
export function useAddPrayerUpdate(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api<PrayerUpdate>(postPath(postId, '/updates'), { body: { content } }),
    onSuccess: (update) => {
      queryClient.setQueryData<PrayerUpdates>(postKeys.prayerUpdates(postId), (data) =>
        data && !data.updates.some((u) => u.id === update.id)
          ? { ...data, updates: [...data.updates, update] }
          : data,
      );
      updateCachedPost(queryClient, postId, (post) =>
        post.prayer
          ? { ...post, prayer: { ...post.prayer, update_count: post.prayer.update_count + 1 } }
          : post,
      );
    },
  });
}

/** An answer that is the request as it is now: every copy shows it, and the prayer lists are asked again. */
function rememberRequest(queryClient: QueryClient, post: Post) {
  updateCachedPost(queryClient, post.id, () => post);
  void queryClient.invalidateQueries({ queryKey: postKeys.prayerFeed('answered') });
  void queryClient.invalidateQueries({ queryKey: postKeys.prayerFeed('journal') });
  void queryClient.invalidateQueries({ queryKey: postKeys.prayerFeed('urgent') });
}

/** 'Mark as answered', with an optional testimony (the author). */
export function useMarkAnswered(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testimony: string) =>
      api<Post>(postPath(postId, '/answered'), { body: testimony ? { testimony } : {} }),
    onSuccess: (post) => rememberRequest(queryClient, post),
  });
}

/** 'Keep praying': the request stays up for another stretch (the author). */
export function useRenewPrayer(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Post>(postPath(postId, '/renew'), { method: 'POST', body: {} }),
    onSuccess: (post) => rememberRequest(queryClient, post),
  });
}

/** The author's choices: 'Tell me when someone prays', and when it expires. */
export function usePrayerSettings(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: { notify_prayed?: boolean; expires_after_days?: 7 | 30 | 90 | null }) =>
      api<Post>(postPath(postId, '/prayer'), { method: 'PATCH', body: settings }),
    onSuccess: (post) => updateCachedPost(queryClient, post.id, () => post),
  });
}

/** 'Stop updates' (false) or 'Get updates' (true) on someone else's request. */
export function usePrayerFollow(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) =>
      api<{ following: boolean }>(postPath(postId, '/prayer/follow'), {
        method: 'PUT',
        body: { following },
      }),
    onSuccess: ({ following }) => {
      const key = postKeys.prayerUpdates(postId);
      if (queryClient.getQueryData(key))
        queryClient.setQueryData<PrayerUpdates>(key, (data) => (data ? { ...data, following } : data));
      else void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/**
 * 'Hide this request': the member takes one request (another's) out of their own feeds and group
 * pages, or puts it back; nobody is told. The feeds load again without it.
 */
export function useHidePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) =>
      api<{ hidden: boolean }>(postPath(postId, '/hidden'), { method: hidden ? 'PUT' : 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postKeys.feeds() }),
  });
}

/**
 * A request on screen that changed for the member (an update, answered, renewed; 'prayer:changed'):
 * the feeds, the post and its updates load again, so it shows live.
 */
export function usePrayerChanges(postId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvent('prayer:changed', (change) => {
    if (change.post_id !== postId) return;
    void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
    void queryClient.invalidateQueries({ queryKey: postKeys.prayerUpdates(postId) });
    void queryClient.invalidateQueries({ queryKey: postKeys.prayerList() });
  });
}

/** 'My prayer list' reloads when one of its requests changed (answered, expired, renewed). */
export function usePrayerListChanges(list: PrayerList | undefined) {
  const queryClient = useQueryClient();
  useRealtimeEvent('prayer:changed', (change) => {
    if (list?.items.some((item) => item.post.id === change.post_id))
      void queryClient.invalidateQueries({ queryKey: postKeys.prayerList() });
  });
}
