import type { FollowList, FollowState } from '@common/schemas/follows.ts';
import type { ProfilePage } from '@common/schemas/profiles.ts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { retryServerErrors } from './postCache.ts';
import { profilePageKeys, profilePath } from './profileCache.ts';

/** Follow or unfollow; the page shows the server's answer (count, friendship) once it arrives. */
export function useFollow(profile: ProfilePage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      api<FollowState>(`/api/follows/${encodeURIComponent(profile.id)}`, {
        method: follow ? 'PUT' : 'DELETE',
      }),
    onSuccess: (state) => {
      queryClient.setQueryData<ProfilePage>(profilePageKeys.byUsername(profile.username), (page) =>
        page ? { ...page, ...state } : page,
      );
      void queryClient.invalidateQueries({ queryKey: profilePageKeys.follows(profile.id, 'followers') });
    },
  });
}

export function useFollowList(profileId: string, direction: 'followers' | 'following') {
  return useInfiniteQuery({
    queryKey: profilePageKeys.follows(profileId, direction),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set('before', pageParam);
      return api<FollowList>(profilePath(profileId, `/${direction}?${params}`), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}
