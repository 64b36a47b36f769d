import {
  type CommunityEvent,
  cancelEventSchema,
  createEventSchema,
  EVENT_NEAR_KM,
  type EventPage,
  eventListQuerySchema,
  eventMessageSchema,
  eventQuerySchema,
  rsvpSchema,
  type UpdateEventInput,
  updateEventSchema,
} from '@common/schemas/events.ts';
import { answerRsvp } from '@server/commands/eventRsvps.ts';
import {
  cancelEvent,
  createEvent,
  findEventFor,
  messageAttendees,
  type Point,
  updateEvent,
} from '@server/commands/events.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { sendEventEmails } from '@server/emails/eventEmails.ts';
import { calendarOf } from '@server/events/ics.ts';
import { badRequest } from '@server/http/errors.ts';
import { idParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { type PlacesService, placeNotFound } from '@server/places/placesService.ts';
import { EVENTS_PAGE_SIZE, eventFor, listEvents } from '@server/queries/events.ts';
import { soonEvents } from '@server/queries/soonEvents.ts';
import { soonFromKept, upcomingFirstPage } from '@server/queries/upcomingPage.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };
const eventIdParam = (id: string) => idParam(id, 'event_not_found');

/**
 * Events (issue 26): the lists, an event's page and .ics file, creating, editing, cancelling, RSVPs and
 * messages to attendees. Policy: policies/event.ts.
 */
export function eventRoutes(app: FastifyInstance, ctx: AppContext, places: PlacesService): void {
  const { db } = ctx.database;
  const limit = memberLimit(app, 'event');
  const placesLimit = memberLimit(app, 'places');

  /** An in-person address's point, looked up once when it is saved; an address the map cannot find stays without one. */
  async function pointOf(input: UpdateEventInput): Promise<Point> {
    const address = input.place === 'in_person' ? input.address?.trim() : '';
    if (!address) return null;
    try {
      return await places.geocode(address);
    } catch (error) {
      ctx.log.warn({ err: error }, 'An event address could not be geocoded');
      return null;
    }
  }

  app.get('/api/events', async (request, reply): Promise<EventPage> => {
    const viewer = await requireViewer(ctx, request);
    const query = parseInput(eventListQuerySchema, request.query);
    const hasPoint = query.lat !== undefined || query.lng !== undefined;
    if (hasPoint && (query.lat === undefined || query.lng === undefined || query.near !== undefined)) {
      throw badRequest('event_near_invalid');
    }
    let near: { lat: number; lng: number; km: number } | undefined;
    const km = query.km ?? EVENT_NEAR_KM;
    if (query.near !== undefined) {
      await placesLimit(request, viewer.userId);
      const found = await places.geocode(query.near);
      if (!found) throw placeNotFound(query.near);
      near = { lat: found.lat, lng: found.lng, km };
    } else if (hasPoint) near = { lat: query.lat!, lng: query.lng!, km };
    reply.header('cache-control', 'no-store');
    const tab = query.tab ?? 'upcoming';
    if (tab === 'upcoming' && !query.date && !query.cursor) {
      const page = await upcomingFirstPage(
        db,
        viewer.userId,
        { category: query.category, near },
        query.limit ?? EVENTS_PAGE_SIZE,
      );
      // Already the JSON that listEvents' page would be written as.
      if (page !== null) return reply.type('application/json; charset=utf-8').send(page);
    }
    return listEvents(db, viewer.userId, {
      tab,
      category: query.category,
      day: query.date ? { date: query.date, zone: query.tz ?? 'UTC' } : undefined,
      near,
      cursor: query.cursor,
      limit: query.limit,
    });
  });

  app.get('/api/events/soon', async (request, reply): Promise<EventPage> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    // Already the JSON that soonEvents' page would be written as.
    const page = await soonFromKept(db, viewer.userId);
    if (page !== null) return reply.type('application/json; charset=utf-8').send(page);
    return soonEvents(db, viewer.userId);
  });

  app.post('/api/events', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const input = parseInput(createEventSchema, request.body);
    const point = await pointOf(input);
    const id = await runCommand(ctx, (trx) => createEvent(trx, viewer, input, point, ctx.media));
    return reply.status(201).send(await eventFor(db, viewer.userId, id));
  });

  app.get<IdParams>('/api/events/:id', async (request, reply): Promise<CommunityEvent> => {
    const viewer = await requireViewer(ctx, request);
    const { occurrence } = parseInput(eventQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return eventFor(db, viewer.userId, eventIdParam(request.params.id), occurrence);
  });

  app.put<IdParams>('/api/events/:id', async (request): Promise<CommunityEvent> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const id = eventIdParam(request.params.id);
    const input = parseInput(updateEventSchema, request.body);
    await findEventFor(db, viewer.userId, id);
    const point = await pointOf(input);
    await runCommand(ctx, (trx, after) => updateEvent(trx, after, viewer, id, input, point, ctx.media));
    return eventFor(db, viewer.userId, id);
  });

  app.post<IdParams>('/api/events/:id/cancel', async (request): Promise<CommunityEvent> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const id = eventIdParam(request.params.id);
    const { reason } = parseInput(cancelEventSchema, request.body);
    await runCommand(ctx, (trx, after) => cancelEvent(trx, after, viewer, id, reason));
    return eventFor(db, viewer.userId, id);
  });

  app.put<IdParams>('/api/events/:id/rsvp', async (request): Promise<CommunityEvent> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const id = eventIdParam(request.params.id);
    const input = parseInput(rsvpSchema, request.body);
    const occurrence = await runCommand(ctx, (trx, after) => answerRsvp(trx, after, viewer, id, input));
    return eventFor(db, viewer.userId, id, occurrence);
  });

  app.post<IdParams>('/api/events/:id/messages', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const id = eventIdParam(request.params.id);
    const { text } = parseInput(eventMessageSchema, request.body);
    const { event, userIds } = await runCommand(ctx, (trx, after) =>
      messageAttendees(trx, after, viewer, id, text),
    );
    const host = await db
      .selectFrom('profiles')
      .select(['full_name', 'username'])
      .where('id', '=', viewer.userId)
      .executeTakeFirst();
    const from = host?.full_name || `@${host?.username ?? ''}`;
    // The emails go after the answer; one that fails is logged by sendEventEmails.
    sendEventEmails(ctx, userIds, event, { kind: 'message', from, text }).catch((error) =>
      ctx.log.error({ err: error }, 'event message emails failed'),
    );
    return reply.status(204).send();
  });

  // 'Add to calendar': the event (a weekly one with its rule) as an .ics file.
  app.get<IdParams>('/api/events/:id/calendar.ics', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const event = await findEventFor(db, viewer.userId, eventIdParam(request.params.id));
    const body = calendarOf([event], { publicUrl: ctx.config.publicUrl, name: event.title });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="event-${event.id}.ics"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
