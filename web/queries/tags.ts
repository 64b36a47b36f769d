import type { FollowedTags, Tag, TagPostsPage } from '@common/schemas/tags.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { postKeys, retryServerErrors } from './postCache.ts';

export const tagKeys = {
  tag: (tag: string) => ['tags', 'one', tag] as const,
  followed: () => ['tags', 'followed'] as const,
};

const tagPath = (tag: string) => `/api/tags/${encodeURIComponent(tag)}`;

/** The tag's page: its name as stored and whether the viewer follows it. */
export function useTag(tag: string) {
  return useQuery({
    queryKey: tagKeys.tag(tag),
    queryFn: ({ signal }) => api<Tag>(tagPath(tag), { signal }),
    retry: retryServerErrors,
  });
}

/** The tag's posts, newest first, a page at a time. */
export function useTagPosts(tag: string) {
  return useInfiniteQuery({
    queryKey: postKeys.tagFeed(tag),
    queryFn: ({ pageParam, signal }) =>
      api<TagPostsPage>(
        `${tagPath(tag)}/posts${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TagPostsPage) => last.next_cursor,
    retry: retryServerErrors,
  });
}

/** 'Followed tags' (the drawer's list). */
export function useFollowedTags(enabled = true) {
  return useQuery({
    queryKey: tagKeys.followed(),
    queryFn: ({ signal }) => api<FollowedTags>('/api/tags/followed', { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** 'Follow' / 'Unfollow' on a tag's page; the drawer's list follows. */
export function useFollowTag(tag: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      api<{ following: boolean }>(`${tagPath(tag)}/follow`, { method: follow ? 'PUT' : 'DELETE' }),
    onSuccess: ({ following }) => {
      queryClient.setQueryData<Tag>(tagKeys.tag(tag), (old) => (old ? { ...old, following } : old));
      void queryClient.invalidateQueries({ queryKey: tagKeys.followed() });
    },
  });
}
