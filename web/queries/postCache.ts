import type { FeedPage, Post, PrayerList } from '@common/schemas/posts.ts';
import type { DietTag } from '@common/schemas/recipes.ts';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from '@web/api/client.ts';

/** Query keys of everything about posts. Feeds share a prefix so one call can reach them all. */
export const postKeys = {
  all: ['posts'] as const,
  feeds: () => ['posts', 'feed'] as const,
  feed: (category: Post['category']) => ['posts', 'feed', category] as const,
  /**
   * The food feed filtered by a diet tag or an ingredient. The unfiltered feed keeps its own key (the
   * first screen's page, new posts on top); a new post is not put on top here, as it may not match.
   */
  filteredFeed: (category: Post['category'], filter: FeedFilter) =>
    ['posts', 'feed', category, filter] as const,
  /** A group's posts (the Posts tab) or its prayer requests (the Prayer tab), by the group's id. */
  groupFeed: (groupId: string, kind: GroupFeedKind) => ['posts', 'feed', 'group', groupId, kind] as const,
  /**
   * The prayer feed's urgent requests on top, its Answered tab and the member's journal: one page
   * each (urgent) or paged, kept as feeds so likes and 'I prayed' reach them.
   */
  prayerFeed: (kind: 'urgent' | 'answered' | 'journal') => ['posts', 'feed', 'prayer', kind] as const,
  /** 'My prayer list' (not a feed: its items carry when they were added, and the reminder). */
  prayerList: () => ['posts', 'prayer-list'] as const,
  /** A hashtag's posts (/tags/:tag), newest first: a feed, so likes reach it. */
  tagFeed: (tag: string) => ['posts', 'feed', 'tag', tag] as const,
  /** Posts found by their words (/search), newest first: a feed, so likes reach it. */
  searchFeed: (q: string) => ['posts', 'feed', 'search', q] as const,
  /** The viewer's bookmarks (/bookmarks), newest saved first: kept as a feed so likes reach it. */
  bookmarks: () => ['posts', 'feed', 'bookmarks'] as const,
  /** A prayer request's updates, and whether the viewer still hears of them. */
  prayerUpdates: (postId: string) => ['posts', 'prayer-updates', postId] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
  comments: (postId: string) => ['posts', 'comments', postId] as const,
  activity: () => ['posts', 'activity'] as const,
  trending: () => ['posts', 'trending'] as const,
  comedyShows: (date: string) => ['comedy-shows', date] as const,
};

export type GroupFeedKind = 'all' | 'prayer';

/** GET /api/posts's food filters: recipes with this diet tag, or with this ingredient. */
export interface FeedFilter {
  diet?: DietTag;
  ingredient?: string;
}

export type Feed = InfiniteData<FeedPage, string | null>;

function mapFeed(feed: Feed | undefined, map: (posts: Post[]) => Post[]): Feed | undefined {
  if (!feed) return feed;
  let changed = false;
  const pages = feed.pages.map((page) => {
    const posts = map(page.posts);
    if (posts === page.posts) return page;
    changed = true;
    return { ...page, posts };
  });
  return changed ? { ...feed, pages } : feed;
}

/** Applies `update` to the post wherever it is cached: every loaded feed page and the single post. */
export function updateCachedPost(queryClient: QueryClient, id: string, update: (post: Post) => Post): void {
  const mapPosts = (posts: Post[]) => {
    const index = posts.findIndex((p) => p.id === id);
    if (index < 0) return posts;
    const next = posts.slice();
    next[index] = update(posts[index]!);
    return next;
  };
  queryClient.setQueriesData<Feed>({ queryKey: postKeys.feeds() }, (feed) => mapFeed(feed, mapPosts));
  queryClient.setQueryData<Post>(postKeys.detail(id), (post) => (post ? update(post) : post));
  queryClient.setQueryData<PrayerList>(postKeys.prayerList(), (list) =>
    list?.items.some((item) => item.post.id === id)
      ? {
          ...list,
          items: list.items.map((item) =>
            item.post.id === id ? { ...item, post: update(item.post) } : item,
          ),
        }
      : list,
  );
}

/** The cached copy of a post, from its own query or any feed. */
export function findCachedPost(queryClient: QueryClient, id: string): Post | undefined {
  const single = queryClient.getQueryData<Post>(postKeys.detail(id));
  if (single) return single;
  for (const [, feed] of queryClient.getQueriesData<Feed>({ queryKey: postKeys.feeds() })) {
    for (const page of feed?.pages ?? []) {
      const found = page.posts.find((p) => p.id === id);
      if (found) return found;
    }
  }
  return queryClient
    .getQueryData<PrayerList>(postKeys.prayerList())
    ?.items.find((item) => item.post.id === id)?.post;
}

/**
 * A new post goes on top of the home feed and of its category's feed, where they are loaded, and of
 * its group's (its members' feeds show their groups' posts too).
 */
export function prependCachedPost(queryClient: QueryClient, post: Post): void {
  const keys: QueryKey[] = [postKeys.feed('general')];
  if (post.category !== 'general') keys.push(postKeys.feed(post.category));
  // A group's Posts tab leaves its prayer requests to its Prayer tab.
  if (post.group) keys.push(postKeys.groupFeed(post.group.id, post.category === 'prayer' ? 'prayer' : 'all'));
  for (const key of keys) {
    queryClient.setQueryData<Feed>(key, (feed) => {
      const [first, ...rest] = feed?.pages ?? [];
      if (!feed || !first || first.posts.some((p) => p.id === post.id)) return feed;
      return { ...feed, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
    });
  }
  queryClient.setQueryData(postKeys.detail(post.id), post);
}

export function removeCachedPost(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<Feed>({ queryKey: postKeys.feeds() }, (feed) =>
    mapFeed(feed, (posts) => (posts.some((p) => p.id === id) ? posts.filter((p) => p.id !== id) : posts)),
  );
  queryClient.setQueryData<PrayerList>(postKeys.prayerList(), (list) =>
    list?.items.some((item) => item.post.id === id)
      ? { ...list, items: list.items.filter((item) => item.post.id !== id) }
      : list,
  );
  queryClient.removeQueries({ queryKey: postKeys.comments(id) });
  queryClient.removeQueries({ queryKey: postKeys.prayerUpdates(id) });
  queryClient.removeQueries({ queryKey: postKeys.detail(id) });
}

/** Client errors (404, 403...) will not change on a second try; network and 5xx errors may. */
export const retryServerErrors = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;
