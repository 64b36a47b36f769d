import type { Post } from '@common/schemas/posts.ts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Spinner } from '@web/components/Spinner.tsx';
import { useWhenVisible } from '@web/components/useWhenVisible.ts';
import { useFeed } from '@web/queries/posts.ts';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { cardClass, secondaryButtonClass } from '@web/ui/styles.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PostCard } from './PostCard.tsx';

/**
 * Posts that always render: what a first screen can show. Those after them render when they come near
 * the screen (styles.css .offscreen-post).
 */
const FIRST_SCREEN_POSTS = 3;

/** Any paged post query: a category feed, a profile wall, a group's posts. */
type FeedQuery<P extends { posts: Post[] }> = UseInfiniteQueryResult<InfiniteData<P, unknown>, Error>;

/** A feed of posts, newest first, loading more as the member scrolls. */
export function Feed({
  category,
  emptyText,
  label,
}: {
  category: Post['category'];
  emptyText: string;
  /** The list's accessible name; 'Posts' by default. */
  label?: string;
}) {
  return <FeedList feed={useFeed(category)} emptyText={emptyText} label={label} />;
}

/** The list of any paged post query (a category feed, a profile wall), with its loading states. */
export function FeedList<P extends { posts: Post[] }>({
  feed,
  emptyText,
  label,
  hide,
  renderActions,
  moderate = false,
}: {
  feed: FeedQuery<P>;
  emptyText: string;
  /** The list's accessible name; 'Posts' by default. */
  label?: string;
  /** Posts shown elsewhere on the screen (a group's pinned post, urgent requests), left out of the list. */
  hide?: string | ReadonlySet<string> | null;
  /** Buttons of the screen's own above a post (a group admin's 'Pin post'). */
  renderActions?: (post: Post) => ReactNode;
  /** The viewer may delete anyone's post here (a group's admins on its page). */
  moderate?: boolean;
}) {
  const { t } = useTranslation();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  // Near the end of the list the next page loads; the Load more button is the fallback.
  const sentinel = useWhenVisible(() => void fetchNextPage(), canAutoLoad, {
    margin: '600px 0px',
    watch: feed.data?.pages.length,
  });

  if (feed.isPending) {
    return (
      // A screen tall on phones: what follows the feed there (the shortcuts) stays below until posts come.
      <div className={`${cardClass} min-h-svh p-8 lg:min-h-0`}>
        <Spinner label={t('Loading posts...')} />
      </div>
    );
  }
  // A failed next page keeps the pages already shown; only a failed first page replaces the list.
  if (!feed.data) {
    return (
      <div role="alert" className={`${cardClass} flex flex-col items-center gap-3 p-8 text-center`}>
        <p className="text-slate-700">{feed.error?.message ?? t('Could not load the posts.')}</p>
        <button type="button" onClick={() => feed.refetch()} className={secondaryButtonClass}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  const loaded = feed.data.pages.flatMap((page) => page.posts);
  // A list whose only posts are shown elsewhere (pinned above it) is not empty: it shows nothing more.
  if (loaded.length === 0) {
    return <EmptyState title={emptyText} />;
  }
  const hidden = typeof hide === 'string' ? new Set([hide]) : hide;
  const posts = hidden?.size ? loaded.filter((post) => !hidden.has(post.id)) : loaded;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={label ?? t('Posts')} className="flex flex-col gap-4">
        {posts.map((post, index) => (
          <li
            key={post.id}
            className={
              [
                renderActions ? 'flex flex-col gap-1' : '',
                index >= FIRST_SCREEN_POSTS ? 'offscreen-post' : '',
              ]
                .filter(Boolean)
                .join(' ') || undefined
            }
          >
            {renderActions?.(post)}
            <PostCard post={post} first={index === 0} moderate={moderate} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {feed.error?.message ?? t('Could not load more posts.')}
        </p>
      ) : null}
      {hasNextPage ? (
        <button
          type="button"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
          className={`${secondaryButtonClass} self-center`}
        >
          {isFetchingNextPage ? t('Loading more posts...') : t('Load more')}
        </button>
      ) : null}
    </div>
  );
}
