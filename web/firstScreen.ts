import type { Post } from '@common/schemas/posts.ts';
import type { QueryClient } from '@tanstack/react-query';
import { feedQuery } from './queries/posts.ts';
import { preferencesQuery } from './queries/settings.ts';

/**
 * What a feed screen shows first, put in the cache before the app renders (web/main.tsx): the feed's
 * first page and the member's media preferences, from the answers index.html asked for. Its own chunk,
 * so /auth does not load the feed's queries.
 */
export async function prefetchFeed(queryClient: QueryClient, category: Post['category']): Promise<void> {
  await Promise.all([
    queryClient.prefetchInfiniteQuery(feedQuery(category)),
    queryClient.prefetchQuery(preferencesQuery()),
  ]);
}
