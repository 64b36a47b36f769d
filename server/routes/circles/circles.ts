import {
  type ChatMessage,
  type Circle,
  type CircleMember,
  type CircleOptions,
  type CirclePage,
  chatInputSchema,
  createCircleSchema,
  goLiveSchema,
  type JoinRequest,
} from '@common/schemas/circles.ts';
import { findJanusRoom, maxGuestsLimit } from '@server/circles/janus.ts';
import {
  createCircle,
  decideRequest,
  endCircle,
  goLive,
  heartbeat,
  joinCircle,
  requestToJoin,
  sendChat,
  startPreview,
} from '@server/commands/circles.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { notFound } from '@server/http/errors.ts';
import { idParam, memberIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import {
  findCircleFor,
  listChat,
  listJoinRequests,
  listLiveCircles,
  listMembers,
  loadCirclePage,
} from '@server/queries/circles.ts';
import type { FastifyInstance } from 'fastify';
import { iceServersFor } from './iceServers.ts';
import { circleStageRoutes } from './stage.ts';

type WithId = { Params: { id: string } };
type WithMember = { Params: { id: string; userId: string } };

/**
 * FaithVerse circles (spec sections 2 and 4-7). Anyone signed in with the link reads a circle's
 * header and where they stand; its members, chat and requests are for its members (requests: the
 * host), and only the host makes it live, keeps it alive and ends it. A circle whose host and the
 * viewer are hidden from each other (a block) answers as a circle that does not exist. The commands
 * (writes) and queries (reads) decide all of it (policies/circle.ts); a route only asks them.
 */
export function circleRoutes(app: FastifyInstance, ctx: AppContext): void {
  circleStageRoutes(app, ctx);
  const { db } = ctx.database;
  const createLimit = memberLimit(app, 'circle');
  const chatLimit = memberLimit(app, 'circleChat');

  const circleId = (id: string) => idParam(id, 'circle_not_found');

  /** The circle's page for the viewer, with the ICE servers of their connections; 404 when hidden. */
  async function pageFor(viewerId: string, id: string): Promise<CirclePage> {
    const page = await loadCirclePage(db, viewerId, id);
    if (!page) throw notFound('circle_not_found');
    return { ...page, ice_servers: iceServersFor(ctx.config, viewerId) };
  }

  app.get('/api/circles/live', async (request, reply): Promise<Circle[]> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return listLiveCircles(db, viewer.userId);
  });

  app.post('/api/circles', async (request, reply): Promise<CirclePage> => {
    const viewer = await requireViewer(ctx, request);
    await createLimit(request, viewer.userId);
    const input = parseInput(createCircleSchema, request.body);
    const circle = await runCommand(ctx, (trx) =>
      createCircle(trx, viewer.userId, input, maxGuestsLimit(ctx.config)),
    );
    return reply.status(201).send(await pageFor(viewer.userId, circle.id));
  });

  /** What the Start a Circle form may offer here: up to 500 guests with a media server, else 10. */
  app.get('/api/circles/options', async (request): Promise<CircleOptions> => {
    await requireViewer(ctx, request);
    return { max_guests_limit: maxGuestsLimit(ctx.config), media_server: Boolean(ctx.config.janus) };
  });

  app.get<WithId>('/api/circles/:id', async (request, reply): Promise<CirclePage> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return pageFor(viewer.userId, circleId(request.params.id));
  });

  /** Joins at once where the circle lets the viewer in; elsewhere the answer says to ask. */
  app.post<WithId>('/api/circles/:id/join', async (request): Promise<CirclePage> => {
    const viewer = await requireViewer(ctx, request);
    const id = circleId(request.params.id);
    await runCommand(ctx, (trx, after) => joinCircle(trx, after, id, viewer.userId));
    return pageFor(viewer.userId, id);
  });

  app.post<WithId>('/api/circles/:id/requests', async (request): Promise<CirclePage> => {
    const viewer = await requireViewer(ctx, request);
    const id = circleId(request.params.id);
    await runCommand(ctx, (trx, after) => requestToJoin(trx, after, id, viewer.userId));
    return pageFor(viewer.userId, id);
  });

  app.get<WithId>('/api/circles/:id/requests', async (request, reply): Promise<JoinRequest[]> => {
    const viewer = await requireViewer(ctx, request);
    const { circle } = await findCircleFor(db, viewer.userId, circleId(request.params.id), 'host');
    reply.header('cache-control', 'no-store');
    return listJoinRequests(db, circle.id);
  });

  for (const [action, approve] of [
    ['approve', true],
    ['decline', false],
  ] as const) {
    app.post<WithMember>(`/api/circles/:id/requests/:userId/${action}`, async (request) => {
      const viewer = await requireViewer(ctx, request);
      const id = circleId(request.params.id);
      const userId = memberIdParam(request.params.userId);
      await runCommand(ctx, (trx, after) => decideRequest(trx, after, id, viewer.userId, userId, approve));
      return { ok: true };
    });
  }

  /** A non-member's one 10-second look at a live circle that allows it, before asking to join. */
  app.post<WithId>('/api/circles/:id/preview', async (request): Promise<CirclePage> => {
    const viewer = await requireViewer(ctx, request);
    const id = circleId(request.params.id);
    await runCommand(ctx, (trx) => startPreview(trx, id, viewer.userId));
    return pageFor(viewer.userId, id);
  });

  app.get<WithId>('/api/circles/:id/members', async (request, reply): Promise<CircleMember[]> => {
    const viewer = await requireViewer(ctx, request);
    const { circle } = await findCircleFor(db, viewer.userId, circleId(request.params.id), 'member');
    reply.header('cache-control', 'no-store');
    return listMembers(db, circle.id);
  });

  app.get<WithId>('/api/circles/:id/chat', async (request, reply): Promise<ChatMessage[]> => {
    const viewer = await requireViewer(ctx, request);
    const { circle } = await findCircleFor(db, viewer.userId, circleId(request.params.id), 'member');
    reply.header('cache-control', 'no-store');
    return listChat(db, circle.id);
  });

  app.post<WithId>('/api/circles/:id/chat', async (request, reply): Promise<ChatMessage> => {
    const viewer = await requireViewer(ctx, request);
    await chatLimit(request, viewer.userId);
    const id = circleId(request.params.id);
    const { content } = parseInput(chatInputSchema, request.body);
    const message = await runCommand(ctx, (trx, after) => sendChat(trx, after, id, viewer.userId, content));
    return reply.status(201).send(message);
  });

  app.post<WithId>('/api/circles/:id/live', async (request): Promise<Circle> => {
    const viewer = await requireViewer(ctx, request);
    const id = circleId(request.params.id);
    const { source_type } = parseInput(goLiveSchema, request.body);
    // With JANUS_URL a circle going live for the first time gets a Janus room (or the mesh, and a
    // line in the log, when no Janus server answers). Opened outside the transaction: it is a call
    // over the network, and one the host's second tab may have made already.
    const { circle } = await findCircleFor(db, viewer.userId, id);
    const janus = ctx.janus;
    const room =
      janus && circle.media === null && circle.host_id === viewer.userId && circle.status !== 'ended'
        ? await janus.openRoom(id)
        : null;
    const live = await runCommand(ctx, (trx, after) =>
      goLive(trx, after, id, viewer.userId, source_type, room),
    ).catch(async (error: unknown) => {
      if (room) await janus?.destroyRoom(room);
      throw error;
    });
    if (room && (await findJanusRoom(db, id))?.room_id !== room.room_id) await janus?.destroyRoom(room);
    return live;
  });

  app.post<WithId>('/api/circles/:id/heartbeat', async (request) => {
    const viewer = await requireViewer(ctx, request);
    const id = circleId(request.params.id);
    return runCommand(ctx, (trx, after) => heartbeat(trx, after, id, viewer.userId));
  });

  /** End Circle, or the host's page going away (a beacon: its body, if any, is not read). */
  app.post<WithId>('/api/circles/:id/end', async (request): Promise<Circle> => {
    const viewer = await requireViewer(ctx, request);
    const id = circleId(request.params.id);
    return runCommand(ctx, (trx, after) => endCircle(trx, after, id, viewer.userId));
  });
}
