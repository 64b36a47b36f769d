import type { CalendarFeed } from '@common/schemas/events.ts';
import { tokenOf } from '@server/commands/calendarFeeds.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { calendarOf } from '@server/events/ics.ts';
import { notFound } from '@server/http/errors.ts';
import { enforceLimit, memberLimit } from '@server/http/rateLimit.ts';
import { calendarFeedEvents } from '@server/queries/eventFeeds.ts';
import type { FastifyInstance } from 'fastify';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function addresses(publicUrl: string, token: string): CalendarFeed {
  const https = new URL(`/calendar/${token}.ics`, publicUrl).toString();
  return { https_url: https, webcal_url: https.replace(/^https?:/, 'webcal:') };
}

/**
 * The private calendar feed (issue 26): its address in settings, a reset, and the feed itself, which
 * holds the events the member is going to or interested in that they may see now.
 */
export function calendarFeedRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const limit = memberLimit(app, 'event');
  // Calendar apps poll every few minutes to hours; a script trying tokens gets little.
  const feedLimiter = app.createRateLimit({
    max: 30,
    timeWindow: 60_000,
    keyGenerator: (r) => `calendar:${r.ip}`,
  });

  app.get('/api/settings/calendar', async (request, reply): Promise<CalendarFeed> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return addresses(ctx.config.publicUrl, await tokenOf(db, viewer.userId, false));
  });

  app.post('/api/settings/calendar/reset', async (request, reply): Promise<CalendarFeed> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    reply.header('cache-control', 'no-store');
    return addresses(ctx.config.publicUrl, await tokenOf(db, viewer.userId, true));
  });

  app.get<{ Params: { file: string } }>('/calendar/:file', async (request, reply) => {
    await enforceLimit(feedLimiter, request);
    const token = request.params.file.replace(/\.ics$/, '');
    if (!TOKEN.test(token)) throw notFound('calendar_not_found');
    const events = await calendarFeedEvents(db, token);
    if (!events) throw notFound('calendar_not_found');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(calendarOf(events, { publicUrl: ctx.config.publicUrl, name: 'Splikz events' }));
  });
}
