import type { BookmarkState, BookmarksPage } from '@common/schemas/bookmarks.ts';
import type { Post } from '@common/schemas/posts.ts';
import { type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { type Feed, findCachedPost, postKeys, retryServerErrors, updateCachedPost } from './postCache.ts';

/** The /bookmarks page: the viewer's saved posts, newest saved first, a page at a time. */
export function useBookmarks() {
  return useInfiniteQuery({
    queryKey: postKeys.bookmarks(),
    queryFn: ({ pageParam, signal }) =>
      api<BookmarksPage>(
        pageParam ? `/api/bookmarks?before=${encodeURIComponent(pageParam)}` : '/api/bookmarks',
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: BookmarksPage) => last.next_cursor,
    retry: retryServerErrors,
  });
}

function setBookmarked(queryClient: QueryClient, id: string, bookmarked: boolean) {
  updateCachedPost(queryClient, id, (post) => ({ ...post, bookmarked_by_me: bookmarked }));
}

/** Takes a removed bookmark off the loaded bookmarks pages at once (the feeds keep the post). */
function leaveBookmarks(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<Feed>(postKeys.bookmarks(), (feed) =>
    feed
      ? {
          ...feed,
          pages: feed.pages.map((page) => ({ ...page, posts: page.posts.filter((p) => p.id !== id) })),
        }
      : feed,
  );
}

/**
 * 'Bookmark' and 'Remove bookmark': the post shows its new state at once everywhere it is cached,
 * the server is asked, and a failure puts it back with what went wrong.
 */
export function useToggleBookmark() {
  const queryClient = useQueryClient();
  return useCallback(
    async (post: Pick<Post, 'id' | 'bookmarked_by_me'>) => {
      const was = (findCachedPost(queryClient, post.id) ?? post).bookmarked_by_me;
      const wanted = !was;
      setBookmarked(queryClient, post.id, wanted);
      try {
        const answer = await api<BookmarkState>(`/api/posts/${encodeURIComponent(post.id)}/bookmark`, {
          method: wanted ? 'PUT' : 'DELETE',
        });
        setBookmarked(queryClient, post.id, answer.bookmarked_by_me);
        if (answer.bookmarked_by_me) {
          toast.success(i18n.t('Saved to bookmarks'));
          // The page reads them again when next shown, the new one on top.
          void queryClient.invalidateQueries({ queryKey: postKeys.bookmarks(), refetchType: 'none' });
        } else {
          toast.success(i18n.t('Removed from bookmarks'));
          leaveBookmarks(queryClient, post.id);
        }
      } catch (error) {
        setBookmarked(queryClient, post.id, was);
        toast.error(i18n.t('Could not update your bookmarks'), { description: (error as Error).message });
      }
    },
    [queryClient],
  );
}
