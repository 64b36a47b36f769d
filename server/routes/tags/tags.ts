import { type FollowedTags, type Tag, type TagPostsPage, tagPostsQuerySchema } from '@common/schemas/tags.ts';
import { isTag, normalizeTag } from '@common/text/postText.ts';
import { setTagFollowed } from '@server/commands/hashtags.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { badRequest } from '@server/http/errors.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { followedTags, tagFor, tagPosts } from '@server/queries/tags.ts';
import type { FastifyInstance } from 'fastify';

type TagParams = { Params: { tag: string } };

/** The tag in the path (Fastify decoded it), as stored: anything that cannot be a tag is a 400. */
function tagParam(raw: string): string {
  if (!isTag(raw)) throw badRequest('tag_invalid');
  return normalizeTag(raw);
}

/** Hashtags (issue 51): a tag's page and posts, following tags, and the member's followed tags. */
export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const limit = memberLimit(app, 'ownLists');

  app.get('/api/tags/followed', async (request): Promise<FollowedTags> => {
    const viewer = await requireViewer(ctx, request);
    return followedTags(db, viewer.userId);
  });

  app.get<TagParams>('/api/tags/:tag', async (request): Promise<Tag> => {
    const viewer = await requireViewer(ctx, request);
    return tagFor(db, viewer.userId, tagParam(request.params.tag));
  });

  app.get<TagParams>('/api/tags/:tag/posts', async (request): Promise<TagPostsPage> => {
    const viewer = await requireViewer(ctx, request);
    const tag = tagParam(request.params.tag);
    const query = parseInput(tagPostsQuerySchema, request.query);
    return tagPosts(db, viewer.userId, tag, query);
  });

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route<TagParams>({
      method,
      url: '/api/tags/:tag/follow',
      handler: async (request) => {
        const viewer = await requireViewer(ctx, request);
        await limit(request, viewer.userId);
        const tag = tagParam(request.params.tag);
        return runCommand(ctx, (trx) => setTagFollowed(trx, viewer.userId, tag, on));
      },
    });
  }
}
