import { FEED_PAGE_SIZE, type FeedPage, type Post } from '@common/schemas/posts.ts';
import type {
  CoverInput,
  FollowList,
  FollowState,
  PendingPost,
  PendingPostList,
  ProfileDetailsInput,
  ProfilePage,
  WallPostInput,
  WallPostResult,
} from '@common/schemas/profilePage.ts';
import type { Me } from '@common/schemas/profiles.ts';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { type Feed, prependCachedPost, retryServerErrors } from './postCache.ts';
import { sessionKeys } from './session.ts';

export type WallMedia = 'photo' | 'video';

/**
 * Keys of the profile screen. Walls live under the posts feed prefix (['posts', 'feed']), so a like,
 * edit or delete anywhere reaches them through postCache's helpers.
 */
export const profilePageKeys = {
  all: ['profile-page'] as const,
  byUsername: (username: string) => ['profile-page', 'user', username.toLowerCase()] as const,
  follows: (id: string, direction: 'followers' | 'following') =>
    ['profile-page', 'follows', id, direction] as const,
  myPending: () => ['profile-page', 'pending', 'mine'] as const,
  pendingOn: (id: string) => ['profile-page', 'pending', 'on', id] as const,
  walls: (id: string) => ['posts', 'feed', 'wall', id] as const,
  wall: (id: string, media: WallMedia | null) => ['posts', 'feed', 'wall', id, media ?? 'all'] as const,
};

const profilePath = (id: string, rest: string) => `/api/profiles/${encodeURIComponent(id)}${rest}`;

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

/** A post that just reached a wall: on top of the loaded wall; the Photos and Videos tabs reload. */
function prependWallPost(queryClient: QueryClient, profileId: string, post: Post) {
  queryClient.setQueryData<Feed>(profilePageKeys.wall(profileId, null), (feed) => {
    const [first, ...rest] = feed?.pages ?? [];
    if (!feed || !first || first.posts.some((p) => p.id === post.id)) return feed;
    return { ...feed, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
  });
  if (post.media_type !== 'none') {
    void queryClient.invalidateQueries({ queryKey: profilePageKeys.wall(profileId, 'photo') });
    void queryClient.invalidateQueries({ queryKey: profilePageKeys.wall(profileId, 'video') });
  }
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

/** Posts on a wall: published at once on your own, sent for approval on anyone else's. */
export function useCreateWallPost(profile: ProfilePage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WallPostInput) =>
      api<WallPostResult>(profilePath(profile.id, '/wall'), { body: input }),
    onSuccess: (result) => {
      if (result.status === 'published') {
        prependWallPost(queryClient, profile.id, result.post);
        prependCachedPost(queryClient, result.post);
      } else {
        queryClient.setQueryData<PendingPostList>(profilePageKeys.pendingOn(profile.id), (list) =>
          list ? { pending_posts: [result.pending_post, ...list.pending_posts] } : list,
        );
      }
    },
  });
}

/** The owner's Pending Approvals. */
export function useMyPendingPosts(enabled: boolean) {
  return useQuery({
    queryKey: profilePageKeys.myPending(),
    queryFn: ({ signal }) => api<PendingPostList>('/api/profiles/me/pending', { signal }),
    enabled,
    staleTime: 10_000,
    retry: retryServerErrors,
  });
}

/** What the viewer wrote on someone's wall that still waits for the owner. */
export function usePendingOn(profileId: string, enabled: boolean) {
  return useQuery({
    queryKey: profilePageKeys.pendingOn(profileId),
    queryFn: ({ signal }) => api<PendingPostList>(profilePath(profileId, '/pending'), { signal }),
    enabled,
    staleTime: 10_000,
    retry: retryServerErrors,
  });
}

function dropPending(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<PendingPostList>(profilePageKeys.myPending(), (list) =>
    list ? { pending_posts: list.pending_posts.filter((p) => p.id !== id) } : list,
  );
}

/** Approve or reject; either way the post leaves the list (also when someone else already did it). */
export function useModeratePending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ pending, approve }: { pending: PendingPost; approve: boolean }) => {
      const path = `/api/pending-posts/${encodeURIComponent(pending.id)}/${approve ? 'approve' : 'reject'}`;
      return approve ? api<Post>(path, { body: {} }) : api<null>(path, { body: {} }).then(() => null);
    },
    onSuccess: (post, { pending }) => {
      dropPending(queryClient, pending.id);
      if (post) {
        prependWallPost(queryClient, pending.profile_owner_id, post);
        prependCachedPost(queryClient, post);
      }
    },
    onError: () => queryClient.invalidateQueries({ queryKey: profilePageKeys.myPending() }),
  });
}
