import type { POST_CATEGORIES } from './options.ts';

/**
 * The feeds' routes and the path of a feed page, shared by the web app (its queries and the first
 * screen's early requests) and the server (which puts a signed-in member's first page in the HTML of
 * these routes). Free of schemas, so the entry chunk can import it.
 */
export type FeedCategory = (typeof POST_CATEGORIES)[number];

export const FEED_PAGE_SIZE = 20;

/** The screens that open on a feed, and the feed each shows (web/index.html's inline script too). */
export const FEED_ROUTES: Readonly<Record<string, FeedCategory>> = {
  '/': 'general',
  '/prayer': 'prayer',
  '/food': 'food',
  '/comedy': 'comedy',
};

/** The feed a screen opens on, or undefined on a screen that is not a feed. */
export function feedOfRoute(pathname: string): FeedCategory | undefined {
  return Object.hasOwn(FEED_ROUTES, pathname) ? FEED_ROUTES[pathname] : undefined;
}

/** GET path of a feed page: the first without `before`. */
export function feedPath(category: FeedCategory, before: string | null = null): string {
  const params = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (category !== 'general') params.set('category', category);
  if (before) params.set('before', before);
  return `/api/posts?${params}`;
}

/** What a feed route's first screen asks the API for, in order; null on any other route. */
export function firstScreenPaths(pathname: string): string[] | null {
  const category = feedOfRoute(pathname);
  if (!category) return null;
  return ['/api/me', '/api/settings/preferences', feedPath(category)];
}
