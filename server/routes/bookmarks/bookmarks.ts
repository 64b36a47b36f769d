import { type BookmarkState, type BookmarksPage, bookmarksQuerySchema } from '@common/schemas/bookmarks.ts';
import { setBookmark } from '@server/commands/posts.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { postIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { listBookmarks } from '@server/queries/bookmarks.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

/** Bookmarks (issue 51): save a post for later, and the private /bookmarks page's list. */
export function bookmarkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const limit = memberLimit(app, 'ownLists');

  app.get('/api/bookmarks', async (request): Promise<BookmarksPage> => {
    const viewer = await requireViewer(ctx, request);
    const query = parseInput(bookmarksQuerySchema, request.query);
    return listBookmarks(db, viewer.userId, query);
  });

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route<IdParams>({
      method,
      url: '/api/posts/:id/bookmark',
      handler: async (request): Promise<BookmarkState> => {
        const viewer = await requireViewer(ctx, request);
        await limit(request, viewer.userId);
        const id = postIdParam(request.params.id);
        return runCommand(ctx, (trx) => setBookmark(trx, viewer, id, on));
      },
    });
  }
}
