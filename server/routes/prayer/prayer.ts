import type { FeedPage, Post, PrayerList, UrgentPrayers } from '@common/schemas/posts.ts';
import {
  addPrayerUpdateSchema,
  markAnsweredSchema,
  type PrayerReminder,
  type PrayerUpdate,
  type PrayerUpdates,
  prayerFeedQuerySchema,
  prayerFollowSchema,
  prayerSettingsSchema,
  setPrayerReminderSchema,
} from '@common/schemas/prayer.ts';
import {
  addPrayerUpdate,
  addToPrayerList,
  markAnswered,
  removeFromPrayerList,
  renewRequest,
  setFollowing,
  setPrayerReminder,
  setPrayerSettings,
} from '@server/commands/prayerRequests.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { notFound } from '@server/http/errors.ts';
import { postIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { getPost, listFeed } from '@server/queries/posts.ts';
import { listPrayerUpdates, listUrgentPrayers, readPrayerList } from '@server/queries/prayer.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

/**
 * Prayer requests from asked to answered (issue 27): the prayer feed's urgent top and 'Answered' tab,
 * the member's journal and prayer list with its daily reminder, and a request's updates, answer,
 * renewal and choices. Who may see or do what is the commands' and queries' (policies/prayer.ts).
 */
export function prayerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const limits = { post: memberLimit(app, 'post'), pray: memberLimit(app, 'pray') };

  app.get('/api/prayer/urgent', async (request): Promise<UrgentPrayers> => {
    const viewer = await requireViewer(ctx, request);
    return listUrgentPrayers(db, viewer.userId);
  });

  app.get('/api/prayer/answered', async (request): Promise<FeedPage> => {
    const viewer = await requireViewer(ctx, request);
    const query = parseInput(prayerFeedQuerySchema, request.query);
    // Only prayer requests are ever answered (posts_answered_idx holds them, newest first).
    return listFeed(db, viewer.userId, { ...query, answered: true });
  });

  // The member's own requests, whoever may see them, expired and answered ones too.
  app.get('/api/prayer/journal', async (request): Promise<FeedPage> => {
    const viewer = await requireViewer(ctx, request);
    const query = parseInput(prayerFeedQuerySchema, request.query);
    return listFeed(db, viewer.userId, { ...query, category: 'prayer', authorId: viewer.userId });
  });

  app.get('/api/prayer/list', async (request, reply): Promise<PrayerList> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return readPrayerList(db, viewer.userId);
  });

  app.put<IdParams>('/api/prayer/list/:id', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await limits.pray(request, viewer.userId);
    await runCommand(ctx, (trx) => addToPrayerList(trx, viewer, id));
    return reply.status(204).send();
  });

  app.delete<IdParams>('/api/prayer/list/:id', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await runCommand(ctx, (trx) => removeFromPrayerList(trx, viewer, id));
    return reply.status(204).send();
  });

  app.put('/api/prayer/reminder', async (request): Promise<PrayerReminder> => {
    const viewer = await requireViewer(ctx, request);
    const input = parseInput(setPrayerReminderSchema, request.body);
    return runCommand(ctx, (trx) => setPrayerReminder(trx, viewer, input.time, input.time_zone));
  });

  app.get<IdParams>('/api/posts/:id/updates', async (request): Promise<PrayerUpdates> => {
    const viewer = await requireViewer(ctx, request);
    return listPrayerUpdates(db, viewer.userId, postIdParam(request.params.id));
  });

  app.post<IdParams>('/api/posts/:id/updates', async (request, reply): Promise<PrayerUpdate> => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await limits.post(request, viewer.userId);
    const { content } = parseInput(addPrayerUpdateSchema, request.body);
    const update = await runCommand(ctx, (trx, after) => addPrayerUpdate(trx, after, viewer, id, content));
    return reply.status(201).send(update);
  });

  /** The request as the viewer sees it after a change of theirs. */
  const reread = async (viewerId: string, id: string): Promise<Post> => {
    const post = await getPost(db, viewerId, id);
    if (!post) throw notFound('post_not_found');
    return post;
  };

  app.post<IdParams>('/api/posts/:id/answered', async (request): Promise<Post> => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await limits.post(request, viewer.userId);
    const { testimony } = parseInput(markAnsweredSchema, request.body ?? {});
    await runCommand(ctx, (trx, after) => markAnswered(trx, after, viewer, id, testimony));
    return reread(viewer.userId, id);
  });

  app.post<IdParams>('/api/posts/:id/renew', async (request): Promise<Post> => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await runCommand(ctx, (trx, after) => renewRequest(trx, after, viewer, id));
    return reread(viewer.userId, id);
  });

  app.patch<IdParams>('/api/posts/:id/prayer', async (request): Promise<Post> => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    const input = parseInput(prayerSettingsSchema, request.body);
    await runCommand(ctx, (trx, after) => setPrayerSettings(trx, after, viewer, id, input));
    return reread(viewer.userId, id);
  });

  app.put<IdParams>('/api/posts/:id/prayer/follow', async (request) => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    const { following } = parseInput(prayerFollowSchema, request.body);
    return runCommand(ctx, (trx) => setFollowing(trx, viewer, id, following));
  });
}
