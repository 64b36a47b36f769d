import {
  type Activity,
  createPostSchema,
  FEED_PAGE_SIZE,
  type FeedPage,
  feedQuerySchema,
  type Post,
  type Trending,
  updatePostSchema,
} from '@common/schemas/posts.ts';
import { removeCard } from '@server/commands/linkCards.ts';
import {
  createPost,
  deletePost,
  recordView,
  setPostHidden,
  sharePost,
  updatePostContent,
} from '@server/commands/posts.ts';
import { likePost, prayForPost, unlikePost, unprayForPost } from '@server/commands/postToggles.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { badRequest, notFound } from '@server/http/errors.ts';
import { postIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { newestPage } from '@server/queries/newestPage.ts';
import { getActivity, getPost, listFeed, listTrending } from '@server/queries/posts.ts';
import { trendingTags } from '@server/queries/tags.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

export function postRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const limits = {
    post: memberLimit(app, 'post'),
    like: memberLimit(app, 'like'),
    pray: memberLimit(app, 'pray'),
    share: memberLimit(app, 'share'),
  };

  app.get('/api/posts', async (request, reply): Promise<FeedPage> => {
    const viewer = await requireViewer(ctx, request);
    const query = parseInput(feedQuerySchema, request.query);
    const filtered = query.diet !== undefined || query.ingredient !== undefined;
    if (filtered && query.category !== 'food') throw badRequest('diet_filter_food_only');
    if (!query.before && !filtered) {
      const category = query.category === 'general' ? undefined : query.category;
      const page = await newestPage(db, viewer.userId, category, query.limit ?? FEED_PAGE_SIZE);
      // Already the JSON that listFeed's page would be written as.
      if (page !== null) return reply.type('application/json; charset=utf-8').send(page);
    }
    return listFeed(db, viewer.userId, query);
  });

  app.post('/api/posts', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await limits.post(request, viewer.userId);
    const input = parseInput(createPostSchema, request.body);
    const id = await runCommand(ctx, (trx, after) => createPost(trx, after, viewer, input, ctx.media));
    const post = await getPost(db, viewer.userId, id);
    return reply.status(201).send(post);
  });

  app.get('/api/posts/trending', async (request): Promise<Trending> => {
    const viewer = await requireViewer(ctx, request);
    const [posts, tags] = await Promise.all([
      listTrending(db, viewer.userId),
      trendingTags(db, viewer.userId),
    ]);
    return { ...posts, tags };
  });

  app.get('/api/me/activity', async (request): Promise<Activity> => {
    const viewer = await requireViewer(ctx, request);
    return getActivity(db, viewer.userId);
  });

  app.get<IdParams>('/api/posts/:id', async (request): Promise<Post> => {
    const viewer = await requireViewer(ctx, request);
    const post = await getPost(db, viewer.userId, postIdParam(request.params.id));
    if (!post) throw notFound('post_not_found');
    return post;
  });

  app.patch<IdParams>('/api/posts/:id', async (request): Promise<Post> => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    const edit = parseInput(updatePostSchema, request.body);
    await runCommand(ctx, (trx, after) => updatePostContent(trx, after, viewer, id, edit));
    return (await getPost(db, viewer.userId, id))!;
  });

  app.delete<IdParams>('/api/posts/:id', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await runCommand(ctx, (trx, after) => deletePost(trx, after, viewer, id));
    return reply.status(204).send();
  });

  // 'Remove card' (issue 51): the author takes the link card off; the answer is the post without it.
  app.delete<IdParams>('/api/posts/:id/card', async (request): Promise<Post> => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await runCommand(ctx, (trx, after) => removeCard(trx, after, viewer, id));
    return (await getPost(db, viewer.userId, id))!;
  });

  app.put<IdParams>('/api/posts/:id/like', async (request) => {
    const viewer = await requireViewer(ctx, request);
    await limits.like(request, viewer.userId);
    const id = postIdParam(request.params.id);
    return runCommand(ctx, (trx, after) => likePost(trx, after, viewer, id));
  });

  app.delete<IdParams>('/api/posts/:id/like', async (request) => {
    const viewer = await requireViewer(ctx, request);
    await limits.like(request, viewer.userId);
    const id = postIdParam(request.params.id);
    return runCommand(ctx, (trx, after) => unlikePost(trx, after, viewer, id));
  });

  // 'Hide this request': out of the viewer's own feeds and group pages, nobody told (commands/posts.ts).
  for (const [method, hidden] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route<IdParams>({
      method,
      url: '/api/posts/:id/hidden',
      handler: async (request) => {
        const viewer = await requireViewer(ctx, request);
        await limits.like(request, viewer.userId);
        const id = postIdParam(request.params.id);
        return runCommand(ctx, (trx) => setPostHidden(trx, viewer, id, hidden));
      },
    });
  }

  // 'I prayed' on a prayer request; the same toggle shape as a like.
  app.put<IdParams>('/api/posts/:id/prayed', async (request) => {
    const viewer = await requireViewer(ctx, request);
    await limits.pray(request, viewer.userId);
    const id = postIdParam(request.params.id);
    return runCommand(ctx, (trx, after) => prayForPost(trx, after, viewer, id));
  });

  app.delete<IdParams>('/api/posts/:id/prayed', async (request) => {
    const viewer = await requireViewer(ctx, request);
    await limits.pray(request, viewer.userId);
    const id = postIdParam(request.params.id);
    return runCommand(ctx, (trx, after) => unprayForPost(trx, after, viewer, id));
  });

  app.post<IdParams>('/api/posts/:id/shares', async (request) => {
    const viewer = await requireViewer(ctx, request);
    await limits.share(request, viewer.userId);
    const id = postIdParam(request.params.id);
    return { share_count: await runCommand(ctx, (trx) => sharePost(trx, viewer, id)) };
  });

  app.post<IdParams>('/api/posts/:id/views', async (request) => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    const counted = await runCommand(ctx, (trx) => recordView(trx, viewer, id));
    return { counted };
  });
}
