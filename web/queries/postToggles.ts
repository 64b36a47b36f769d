import type { Post } from '@common/schemas/posts.ts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { findCachedPost, postKeys, updateCachedPost } from './postCache.ts';
import { sessionKeys } from './session.ts';

/**
 * A yes/no of the viewer's on a post, with its count: Like, and 'I prayed' on prayer requests.
 * `path` is the resource under /api/posts/:id/ that PUT sets and DELETE clears.
 */
type ToggledPost = Pick<
  Post,
  'id' | 'author' | 'like_count' | 'liked_by_me' | 'prayed_count' | 'prayed_by_me'
>;
type Kind = typeof LIKE | typeof PRAYED;

const LIKE = {
  path: 'like',
  count: 'like_count',
  mine: 'liked_by_me',
  failure: msg('Could not update your like'),
} as const;
const PRAYED = {
  path: 'prayed',
  count: 'prayed_count',
  mine: 'prayed_by_me',
  failure: msg('Could not update your prayer'),
} as const;

/**
 * One entry per post and kind with a request under way. Clicks only change `wanted`; one loop per
 * entry sends requests one after the other until the server agrees with the last click, so rapid
 * toggles never race and the last click wins. `confirmed` is the last state the server answered (or
 * the state before the first click), where a failure rolls back to.
 */
const pending = new Map<string, { wanted: boolean; confirmed: Partial<Post> }>();

function useToggle(kind: Kind) {
  const queryClient = useQueryClient();
  return useCallback(
    (post: ToggledPost) => {
      const cached: ToggledPost = findCachedPost(queryClient, post.id) ?? post;
      const current = { [kind.count]: cached[kind.count], [kind.mine]: cached[kind.mine] };
      const wanted = !cached[kind.mine];
      setState(queryClient, post.id, {
        [kind.mine]: wanted,
        [kind.count]: Math.max(0, cached[kind.count] + (wanted ? 1 : -1)),
      });
      const key = `${kind.path}:${post.id}`;
      const entry = pending.get(key);
      if (entry) {
        entry.wanted = wanted;
        return;
      }
      pending.set(key, { wanted, confirmed: current });
      void sync(queryClient, kind, post.id, post.author.id);
    },
    [queryClient, kind],
  );
}

function setState(queryClient: QueryClient, id: string, state: Partial<Post>) {
  updateCachedPost(queryClient, id, (post) => ({ ...post, ...state }));
}

async function sync(queryClient: QueryClient, kind: Kind, id: string, authorId: string) {
  const key = `${kind.path}:${id}`;
  const entry = pending.get(key)!;
  try {
    for (;;) {
      const target = entry.wanted;
      const answer = await api<Partial<Post>>(`/api/posts/${encodeURIComponent(id)}/${kind.path}`, {
        method: target ? 'PUT' : 'DELETE',
      });
      entry.confirmed = answer;
      if (entry.wanted === target) {
        setState(queryClient, id, answer);
        break;
      }
    }
  } catch (error) {
    setState(queryClient, id, entry.confirmed);
    toast.error(i18n.t(kind.failure), { description: (error as Error).message });
  } finally {
    pending.delete(key);
  }
  const me = queryClient.getQueryData<{ id: string } | null>(sessionKeys.me);
  if (kind === LIKE && me?.id === authorId)
    void queryClient.invalidateQueries({ queryKey: postKeys.activity() });
}

/** Like or unlike at once everywhere the post shows; the server catches up in the background. */
export function useToggleLike() {
  return useToggle(LIKE);
}

/** 'I prayed' on a prayer request, the same way as a like. */
export function useTogglePrayed() {
  return useToggle(PRAYED);
}
