import type { Activity, ComedyShow, Comment, Trending } from '@common/schemas/posts.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePainted } from '@web/afterPaint.ts';
import { api } from '@web/api/client.ts';
import { postKeys, retryServerErrors, updateCachedPost } from './postCache.ts';
import { viewerTimeZone } from './timeZone.ts';

/** Comments of a post, oldest first. Fetched when the comment list is opened. */
export function useComments(postId: string, enabled = true) {
  return useQuery({
    queryKey: postKeys.comments(postId),
    queryFn: ({ signal }) =>
      api<{ comments: Comment[] }>(`/api/posts/${encodeURIComponent(postId)}/comments`, { signal }),
    select: (data) => data.comments,
    enabled,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

function changeCommentCount(queryClient: ReturnType<typeof useQueryClient>, postId: string, by: number) {
  updateCachedPost(queryClient, postId, (post) => ({
    ...post,
    comment_count: Math.max(0, post.comment_count + by),
  }));
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<Comment | null>(`/api/posts/${encodeURIComponent(postId)}/comments`, { body: { content } }),
    onSuccess: (comment: Comment | null) => {
      changeCommentCount(queryClient, postId, 1);
      // The server answers with an empty body past its 500-comment read limit: reload instead.
      if (!comment) return queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) });
      queryClient.setQueryData<{ comments: Comment[] }>(postKeys.comments(postId), (data) =>
        data && !data.comments.some((c) => c.id === comment.id)
          ? { comments: [...data.comments, comment] }
          : data,
      );
    },
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      api<null>(`/api/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, commentId) => {
      queryClient.setQueryData<{ comments: Comment[] }>(postKeys.comments(postId), (data) =>
        data ? { comments: data.comments.filter((c) => c.id !== commentId) } : data,
      );
      changeCommentCount(queryClient, postId, -1);
    },
  });
}

/** Your Activity: the member's posts and the likes and comments they received. */
export function useActivity() {
  return useQuery({
    queryKey: postKeys.activity(),
    queryFn: ({ signal }) => api<Activity>('/api/me/activity', { signal }),
    enabled: usePainted(),
    staleTime: 60_000,
  });
}

/** Trending Now: the most liked and commented posts of the last 7 days (up to 5). */
export function useTrending() {
  return useQuery({
    queryKey: postKeys.trending(),
    queryFn: ({ signal }) => api<Trending>('/api/posts/trending', { signal }),
    enabled: usePainted(),
    select: (data) => ({ posts: data.posts.slice(0, 5), tags: data.tags }),
    staleTime: 60_000,
  });
}

/** Comedy shows of one date (YYYY-MM-DD); nothing is fetched until a date is given. */
export function useComedyShows(date: string) {
  return useQuery({
    queryKey: postKeys.comedyShows(date),
    queryFn: ({ signal }) =>
      api<{ shows: ComedyShow[] }>(
        `/api/comedy-shows?${new URLSearchParams({ date, tz: viewerTimeZone() })}`,
        { signal },
      ),
    select: (data) => data.shows,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  });
}
