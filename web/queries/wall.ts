import type { Post } from '@common/schemas/posts.ts';
import type { ProfilePage } from '@common/schemas/profiles.ts';
import type { PendingPost, PendingPostList, WallPostInput, WallPostResult } from '@common/schemas/wall.ts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { type Feed, prependCachedPost, retryServerErrors } from './postCache.ts';
import { profilePageKeys, profilePath } from './profileCache.ts';

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
