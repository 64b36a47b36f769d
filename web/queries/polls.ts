import type { Post } from '@common/schemas/posts.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { updateCachedPost } from './postCache.ts';

/** 'Vote' (issue 51): the answer is the post with its results, put in every list that shows it. */
export function useVotePoll(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: number[]) =>
      api<Post>(`/api/posts/${encodeURIComponent(postId)}/poll/votes`, { method: 'POST', body: { choices } }),
    onSuccess: (post) => updateCachedPost(queryClient, postId, () => post),
  });
}
