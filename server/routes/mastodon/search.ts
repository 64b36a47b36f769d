import type { AppContext } from '@server/context.ts';
import { requireAppMember } from '@server/oauth/appTokens.ts';
import { presentAuthorAccount } from '@server/presenters/mastodon/account.ts';
import { presentStatus } from '@server/presenters/mastodon/status.ts';
import { searchProfiles } from '@server/queries/profiles.ts';
import { searchPosts, searchTags } from '@server/queries/search.ts';
import type { FastifyInstance } from 'fastify';
import { pageQuery } from './paging.ts';

/**
 * GET /api/v2/search (issue 53): members, posts and hashtags through the web app's search, with its
 * policies. `resolve` is accepted; with no federation yet there is nothing remote to look up.
 */
export function mastodonSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const base = ctx.config.publicUrl;

  app.get('/api/v2/search', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'read:search');
    const query = (request.query ?? {}) as Record<string, unknown>;
    const q = typeof query.q === 'string' ? query.q.slice(0, 200).trim() : '';
    const { limit } = pageQuery({ limit: query.limit });
    const type = typeof query.type === 'string' ? query.type : null;
    const want = (kind: string) => type === null || type === kind;
    if (!q) return { accounts: [], statuses: [], hashtags: [] };
    const [accounts, statuses, hashtags] = await Promise.all([
      want('accounts') ? searchProfiles(db, viewer.userId, q.replace(/^@/, '')) : { profiles: [] },
      want('statuses') ? searchPosts(db, viewer.userId, q, { limit }) : { posts: [] },
      want('hashtags') ? searchTags(db, viewer.userId, q) : { tags: [] },
    ]);
    return {
      accounts: accounts.profiles.slice(0, limit).map((profile) => presentAuthorAccount(base, profile)),
      statuses: statuses.posts.map((post) => presentStatus(base, post)),
      hashtags: hashtags.tags.slice(0, limit).map((tag) => ({
        name: tag.name,
        url: `${base}/tags/${encodeURIComponent(tag.name)}`,
        history: [],
        following: false,
      })),
    };
  });
}
