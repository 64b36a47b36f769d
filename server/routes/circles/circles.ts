import {
  type ChatMessage,
  CIRCLE_TEXTS,
  type Circle,
  type CircleMember,
  type CirclePage,
  chatInputSchema,
  createCircleSchema,
  goLiveSchema,
  type JoinRequest,
} from '@common/schemas/circles.ts';
import type { Viewer } from '@server/auth/sessions.ts';
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
import type { DB } from '@server/db/types.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { forbidden, HttpError, notFound } from '@server/http/errors.ts';
import { idParam, memberIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import {
  accessOf,
  type CircleRole,
  canSeeCircle,
  previewRunning,
  previewUntil,
} from '@server/policies/circle.ts';
import {
  circleRole,
  findCircle,
  findJoinRequest,
  listChat,
  listJoinRequests,
  listLiveCircles,
  listMembers,
  previewStart,
} from '@server/queries/circles.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { iceServersFor } from './iceServers.ts';

type WithId = { Params: { id: string } };
type WithMember = { Params: { id: string; userId: string } };

/**
 * FaithVerse circles (spec sections 2 and 4-7). Anyone signed in with the link reads a circle's
 * header and where they stand; its members, chat and requests are for its members (requests: the
 * host), and only the host makes it live, keeps it alive and ends it. A circle whose host and the
 * viewer are hidden from each other (a block) answers as a circle that does not exist.
 */
export function circleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const createLimit = memberLimit(app, 'circle');
  const chatLimit = memberLimit(app, 'circleChat');

  const circleId = (id: string) => idParam(id, CIRCLE_TEXTS.notFound);

  async function refuseIfHidden(from: Kysely<DB> | Transaction<DB>, viewer: Viewer, circle: Circle) {
    if (!(await canSeeCircle(from, viewer.userId, circle))) throw notFound(CIRCLE_TEXTS.notFound);
  }

  async function loadCircle(id: string, viewer: Viewer): Promise<Circle> {
    const circle = await findCircle(db, circleId(id));
    if (!circle) throw notFound(CIRCLE_TEXTS.notFound);
    await refuseIfHidden(db, viewer, circle);
    return circle;
  }

  /** The circle and the viewer's role in it; refused unless they are a member (or the host). */
  async function asMember(
    request: FastifyRequest<WithId>,
    only?: 'host',
  ): Promise<{ viewer: Viewer; circle: Circle; role: CircleRole }> {
    const viewer = await requireViewer(ctx, request);
    const circle = await loadCircle(request.params.id, viewer);
    const role = await circleRole(db, circle.id, viewer.userId);
    if (!role) throw forbidden(CIRCLE_TEXTS.notMember);
    if (only === 'host' && role !== 'host') throw forbidden(CIRCLE_TEXTS.hostOnly);
    return { viewer, circle, role };
  }

  async function pageFor(viewer: Viewer, circle: Circle): Promise<CirclePage> {
    const [role, request, started] = await Promise.all([
      circleRole(db, circle.id, viewer.userId),
      findJoinRequest(db, circle.id, viewer.userId),
      previewStart(db, circle.id, viewer.userId),
    ]);
    const access = accessOf(circle, role, request?.status ?? null);
    const canPreview =
      !role &&
      circle.allow_preview &&
      circle.status === 'live' &&
      (access === 'request' || access === 'pending');
    return {
      circle,
      role,
      access,
      preview: {
        available: canPreview && started === null,
        until: canPreview && previewRunning(started) ? previewUntil(started!) : null,
      },
      ice_servers: iceServersFor(ctx.config, viewer.userId),
    };
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
    const circle = await runCommand(ctx, (trx) => createCircle(trx, viewer.userId, input));
    return reply.status(201).send(await pageFor(viewer, circle));
  });

  app.get<WithId>('/api/circles/:id', async (request, reply): Promise<CirclePage> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return pageFor(viewer, await loadCircle(request.params.id, viewer));
  });

  /** Joins at once where the circle lets the viewer in; elsewhere the answer says to ask. */
  app.post<WithId>('/api/circles/:id/join', async (request): Promise<CirclePage> => {
    const viewer = await requireViewer(ctx, request);
    const { id } = await loadCircle(request.params.id, viewer);
    const circle = await runCommand(ctx, async (trx, after) => {
      const joined = await joinCircle(trx, after, id, viewer.userId);
      // Again once joinCircle holds the circle: a block that came in since loadCircle refuses it too.
      await refuseIfHidden(trx, viewer, joined);
      return joined;
    });
    return pageFor(viewer, circle);
  });

  app.post<WithId>('/api/circles/:id/requests', async (request): Promise<CirclePage> => {
    const viewer = await requireViewer(ctx, request);
    const circle = await loadCircle(request.params.id, viewer);
    await runCommand(ctx, async (trx, after) => {
      await requestToJoin(trx, after, circle.id, viewer.userId);
      await refuseIfHidden(trx, viewer, circle);
    });
    return pageFor(viewer, await loadCircle(circle.id, viewer));
  });

  app.get<WithId>('/api/circles/:id/requests', async (request, reply): Promise<JoinRequest[]> => {
    const { circle } = await asMember(request, 'host');
    reply.header('cache-control', 'no-store');
    return listJoinRequests(db, circle.id);
  });

  for (const [action, approve] of [
    ['approve', true],
    ['decline', false],
  ] as const) {
    app.post<WithMember>(`/api/circles/:id/requests/:userId/${action}`, async (request) => {
      const { viewer, circle } = await asMember(request, 'host');
      const userId = memberIdParam(request.params.userId);
      await runCommand(ctx, (trx, after) =>
        decideRequest(trx, after, circle.id, viewer.userId, userId, approve),
      );
      return { ok: true };
    });
  }

  /** A non-member's one 10-second look at a live circle that allows it, before asking to join. */
  app.post<WithId>('/api/circles/:id/preview', async (request): Promise<CirclePage> => {
    const viewer = await requireViewer(ctx, request);
    const circle = await loadCircle(request.params.id, viewer);
    const page = await pageFor(viewer, circle);
    if (page.role) throw new HttpError(409, 'already_member', CIRCLE_TEXTS.alreadyMember);
    if (!circle.allow_preview || circle.status !== 'live') {
      throw new HttpError(403, 'no_preview', CIRCLE_TEXTS.previewOff);
    }
    if (!page.preview.available && !page.preview.until) {
      // Used up, or not for this member: one who may join at once (or cannot at all) needs none.
      if (await previewStart(db, circle.id, viewer.userId)) {
        throw new HttpError(403, 'preview_used', CIRCLE_TEXTS.previewUsed);
      }
      throw new HttpError(403, 'no_preview', CIRCLE_TEXTS.previewNotNeeded);
    }
    await runCommand(ctx, (trx) => startPreview(trx, circle.id, viewer.userId));
    return pageFor(viewer, circle);
  });

  app.get<WithId>('/api/circles/:id/members', async (request, reply): Promise<CircleMember[]> => {
    const { circle } = await asMember(request);
    reply.header('cache-control', 'no-store');
    return listMembers(db, circle.id);
  });

  app.get<WithId>('/api/circles/:id/chat', async (request, reply): Promise<ChatMessage[]> => {
    const { circle } = await asMember(request);
    reply.header('cache-control', 'no-store');
    return listChat(db, circle.id);
  });

  app.post<WithId>('/api/circles/:id/chat', async (request, reply): Promise<ChatMessage> => {
    const { viewer, circle } = await asMember(request);
    await chatLimit(request, viewer.userId);
    const { content } = parseInput(chatInputSchema, request.body);
    if (circle.status === 'ended') throw new HttpError(409, 'circle_ended', CIRCLE_TEXTS.hasEnded);
    const message = await runCommand(ctx, (trx, after) =>
      sendChat(trx, after, circle.id, viewer.userId, content),
    );
    return reply.status(201).send(message);
  });

  app.post<WithId>('/api/circles/:id/live', async (request): Promise<Circle> => {
    const { viewer, circle } = await asMember(request, 'host');
    const { source_type } = parseInput(goLiveSchema, request.body);
    return runCommand(ctx, (trx, after) => goLive(trx, after, circle.id, viewer.userId, source_type));
  });

  app.post<WithId>('/api/circles/:id/heartbeat', async (request) => {
    const { viewer, circle } = await asMember(request, 'host');
    return runCommand(ctx, (trx, after) => heartbeat(trx, after, circle.id, viewer.userId));
  });

  /** End Circle, or the host's page going away (a beacon: its body, if any, is not read). */
  app.post<WithId>('/api/circles/:id/end', async (request): Promise<Circle> => {
    const { viewer, circle } = await asMember(request, 'host');
    return runCommand(ctx, (trx, after) => endCircle(trx, after, circle.id, viewer.userId));
  });
}
