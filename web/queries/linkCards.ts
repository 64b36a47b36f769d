import type { Post } from '@common/schemas/posts.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { useRealtimeEvent } from '@web/realtime/hooks.ts';
import { findCachedPost, updateCachedPost } from './postCache.ts';

const cardPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/card`;

/** 'Remove card' (issue 51): the author takes the link card off; the post comes back without it. */
export function useRemoveCard(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Post>(cardPath(postId), { method: 'DELETE' }),
    onSuccess: (post) => updateCachedPost(queryClient, postId, () => post),
  });
}

/**
 * A post of the member's got its link card a moment after it was written ('post:card'): if a list
 * on this tab shows it, the post is read again and put in every list, so the card appears in place.
 */
export function useLinkCardArrivals() {
  const queryClient = useQueryClient();
  useRealtimeEvent('post:card', ({ post_id }) => {
    if (!findCachedPost(queryClient, post_id)) return;
    void api<Post>(`/api/posts/${encodeURIComponent(post_id)}`)
      .then((post) => updateCachedPost(queryClient, post_id, () => post))
      .catch(() => {});
  });
}
