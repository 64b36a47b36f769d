import {
  type SearchPostsPage,
  type SearchTags,
  searchPostsQuerySchema,
  searchTagsQuerySchema,
} from '@common/schemas/search.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { searchPosts, searchTags } from '@server/queries/search.ts';
import type { FastifyInstance } from 'fastify';

/** /search's Posts and Tags tabs (issue 51); its People tab is GET /api/profiles/search. */
export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  // One budget with the header's people search: a search box asks as the member types.
  const limit = memberLimit(app, 'profileSearch');

  app.get('/api/search/posts', async (request): Promise<SearchPostsPage> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const { q, ...page } = parseInput(searchPostsQuerySchema, request.query);
    return searchPosts(db, viewer.userId, q, page);
  });

  app.get('/api/search/tags', async (request): Promise<SearchTags> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const { q } = parseInput(searchTagsQuerySchema, request.query);
    return searchTags(db, viewer.userId, q);
  });
}
