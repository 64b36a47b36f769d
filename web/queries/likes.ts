import type { Post } from '@common/schemas/posts.ts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { findCachedPost, postKeys, updateCachedPost } from './postCache.ts';
import { sessionKeys } from './session.ts';

type LikeState = Pick<Post, 'like_count' | 'liked_by_me'>;

/**
 * One entry per post with a like request under way. Clicks only change `wanted`; one loop per post
 * sends requests one after the other until the server agrees with the last click, so rapid toggles
 * never race and the last click wins. `confirmed` is the last state the server answered (or the
 * state before the first click), where a failure rolls back to.
 */
const pending = new Map<string, { wanted: boolean; confirmed: LikeState }>();

function setLikeState(queryClient: QueryClient, id: string, state: LikeState) {
  updateCachedPost(queryClient, id, (post) => ({ ...post, ...state }));
}

async function syncLike(queryClient: QueryClient, id: string, authorId: string) {
  const entry = pending.get(id)!;
  try {
    for (;;) {
      const target = entry.wanted;
      const answer = await api<LikeState>(`/api/posts/${encodeURIComponent(id)}/like`, {
        method: target ? 'PUT' : 'DELETE',
      });
      entry.confirmed = answer;
      if (entry.wanted === target) {
        setLikeState(queryClient, id, answer);
        break;
      }
    }
  } catch (error) {
    setLikeState(queryClient, id, entry.confirmed);
    toast.error('Could not update your like', { description: (error as Error).message });
  } finally {
    pending.delete(id);
  }
  const me = queryClient.getQueryData<{ id: string } | null>(sessionKeys.me);
  if (me?.id === authorId) void queryClient.invalidateQueries({ queryKey: postKeys.activity() });
}

/** Like or unlike at once everywhere the post shows; the server catches up in the background. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useCallback(
    (post: Pick<Post, 'id' | 'like_count' | 'liked_by_me' | 'author'>) => {
      const cached = findCachedPost(queryClient, post.id) ?? post;
      const current: LikeState = { like_count: cached.like_count, liked_by_me: cached.liked_by_me };
      const wanted = !current.liked_by_me;
      setLikeState(queryClient, post.id, {
        liked_by_me: wanted,
        like_count: Math.max(0, current.like_count + (wanted ? 1 : -1)),
      });
      const entry = pending.get(post.id);
      if (entry) {
        entry.wanted = wanted;
        return;
      }
      pending.set(post.id, { wanted, confirmed: current });
      void syncLike(queryClient, post.id, post.author.id);
    },
    [queryClient],
  );
}
