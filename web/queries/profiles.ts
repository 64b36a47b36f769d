import { FEED_PAGE_SIZE } from '@common/feeds.ts';
import type { FeedPage } from '@common/schemas/posts.ts';
import type {
  CoverInput,
  Me,
  ProfileDetailsInput,
  ProfilePage,
  SearchProfilesResponse,
} from '@common/schemas/profiles.ts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { retryServerErrors } from './postCache.ts';
import { profilePageKeys, profilePath, type WallMedia } from './profileCache.ts';
import { sessionKeys } from './session.ts';

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

export function useProfilePage(username: string) {
  return useQuery({
    queryKey: profilePageKeys.byUsername(username),
    queryFn: ({ signal }) =>
      api<ProfilePage>(`/api/profiles/by-username/${encodeURIComponent(username)}`, { signal }),
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/** The wall, newest first, or only its photos or videos (Photos and Videos tabs). */
export function useWallFeed(profileId: string, media: WallMedia | null) {
  return useInfiniteQuery({
    queryKey: profilePageKeys.wall(profileId, media),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
      if (media) params.set('media', media);
      if (pageParam) params.set('before', pageParam);
      return api<FeedPage>(profilePath(profileId, `/posts?${params}`), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/** Own profile edits answer with the whole page: it replaces the cached one (and the header's avatar). */
function useOwnProfileMutation<I>(send: (input: I) => Promise<ProfilePage>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (page) => {
      queryClient.setQueryData(profilePageKeys.byUsername(page.username), page);
      queryClient.setQueryData<Me | null>(sessionKeys.me, (me) =>
        me ? { ...me, profile: { ...me.profile, avatar_url: page.avatar_url } } : me,
      );
    },
  });
}

export const useUpdateDetails = () =>
  useOwnProfileMutation((input: ProfileDetailsInput) =>
    api<ProfilePage>('/api/profiles/me/details', { method: 'PATCH', body: input }),
  );

export const useUpdateAvatar = () =>
  useOwnProfileMutation((mediaId: string) =>
    api<ProfilePage>('/api/profiles/me/avatar', { method: 'PATCH', body: { media_id: mediaId } }),
  );

export const useUpdateCover = () =>
  useOwnProfileMutation((input: CoverInput) =>
    api<ProfilePage>('/api/profiles/me/cover', { method: 'PATCH', body: input }),
  );

export const useSetProfileVideo = () =>
  useOwnProfileMutation((mediaId: string) =>
    api<ProfilePage>('/api/profiles/me/video', { method: 'PUT', body: { media_id: mediaId } }),
  );

export const useRemoveProfileVideo = () =>
  useOwnProfileMutation(() => api<ProfilePage>('/api/profiles/me/video', { method: 'DELETE' }));
