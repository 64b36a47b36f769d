import type { AppContext } from '@server/context.ts';
import { mastodonScope } from '@server/http/mastodonScope.ts';
import type { FastifyInstance } from 'fastify';
import { mastodonAccountRoutes } from './accounts.ts';
import { mastodonInstanceRoutes } from './instance.ts';
import { mastodonNotificationRoutes } from './notifications.ts';
import { mastodonSearchRoutes } from './search.ts';
import { mastodonStatusRoutes } from './statuses.ts';
import { mastodonStreamingRoutes } from './streaming.ts';

/**
 * Mastodon's client API (issue 53): a second face on the web app's commands, queries, policies and
 * presenters, so the apps people already use (Tusky, Ivory, Elk, toot, …) work with a Splikz account.
 */
export function mastodonRoutes(app: FastifyInstance, ctx: AppContext): void {
  mastodonScope(app, (api) => {
    mastodonInstanceRoutes(api, ctx);
    mastodonAccountRoutes(api, ctx);
    mastodonStatusRoutes(api, ctx);
    mastodonNotificationRoutes(api, ctx);
    mastodonSearchRoutes(api, ctx);
    mastodonStreamingRoutes(api, ctx);
  });
}
