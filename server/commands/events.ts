import {
  type CreateEventInput,
  EVENT_MESSAGES_PER_DAY,
  EVENTS_PER_DAY,
  type UpdateEventInput,
} from '@common/schemas/events.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { type Occurrence, occurrencesOf, type Schedule, scheduleOf } from '@server/events/occurrences.ts';
import { badRequest, conflict, forbidden, httpError } from '@server/http/errors.ts';
import { claimMedia } from '@server/media/mediaObjects.ts';
import type { MediaUrls } from '@server/media/storage.ts';
import { notHiddenFrom } from '@server/policies/blocks.ts';
import { type EventRow, mayManageEvent, membersWhoMaySeeEvent } from '@server/policies/event.ts';
import { visibleEvent } from '@server/queries/events.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { lockEvent, promoteWaitlist } from './eventRsvps.ts';
import { groupToPostIn } from './groups.ts';
import { notifyMany } from './notifications.ts';
import type { After } from './run.ts';
import { releaseUploads } from './uploads.ts';

// An event itself (issue 26): creating, editing, cancelling and messaging its attendees. Answers and
// the waitlist are eventRsvps.ts; times and occurrences are server/events/occurrences.ts.

type Trx = Transaction<DB>;
const DAY_MS = 24 * 3600 * 1000;

/** Where an in-person address was found (looked up before the transaction), or null. */
export type Point = { lat: number; lng: number } | null;

/** The event, when the viewer may see it; anything else is 'Event not found' (404). */
export const findEventFor = visibleEvent;

async function findEventToManage(trx: Trx, viewerId: string, eventId: string): Promise<EventRow> {
  const event = await lockEvent(trx, viewerId, eventId);
  if (!(await mayManageEvent(trx, viewerId, event))) throw forbidden('event_hosts_only');
  return event;
}

/** The place fields as stored: a venue in person, a link online, nothing for a circle. */
function placeOf(input: UpdateEventInput, point: Point) {
  const venue = input.venue?.trim() || null;
  const address = input.address?.trim() || null;
  const link = input.online_url?.trim() || null;
  if (input.place === 'in_person') {
    if (!venue) throw badRequest('event_venue_required');
    const at = address ? point : null;
    return {
      place: input.place,
      venue,
      address,
      lat: at?.lat ?? null,
      lng: at?.lng ?? null,
      online_url: null,
    };
  }
  if (input.place === 'link') {
    if (!link) throw badRequest('event_link_invalid');
    return { place: input.place, venue: null, address: null, lat: null, lng: null, online_url: link };
  }
  return { place: input.place, venue: null, address: null, lat: null, lng: null, online_url: null };
}

async function coverOf(trx: Trx, viewer: Viewer, mediaId: string, urls: MediaUrls) {
  const cover = await claimMedia(trx, { mediaId, userId: viewer.userId }, urls);
  if (cover.kind !== 'photo') throw badRequest('event_cover_not_photo');
  return { cover_media_id: cover.id, cover_url: cover.feed_url ?? cover.url };
}

async function writeOccurrences(trx: Trx, eventId: string, occurrences: Occurrence[]) {
  await trx
    .insertInto('event_occurrences')
    .values(occurrences.map((o) => ({ event_id: eventId, starts_at: o.starts_at, ends_at: o.ends_at })))
    .execute();
}

const lastEnd = (occurrences: Occurrence[]) => occurrences[occurrences.length - 1]!.ends_at;

export async function createEvent(
  trx: Trx,
  viewer: Viewer,
  input: CreateEventInput & UpdateEventInput,
  point: Point,
  urls: MediaUrls,
): Promise<string> {
  const now = new Date();
  const made = await trx
    .selectFrom('events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('host_id', '=', viewer.userId)
    .where('created_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(made.n) >= EVENTS_PER_DAY) throw httpError(429, 'event_create_limit', { max: EVENTS_PER_DAY });
  const schedule = scheduleOf(input, now);
  const place = placeOf(input, point);
  const groupId = input.group_id ? await groupToPostIn(trx, viewer.userId, input.group_id) : null;
  const cover = input.cover_media_id ? await coverOf(trx, viewer, input.cover_media_id, urls) : null;
  const id = uuidv7();
  const occurrences = occurrencesOf(schedule);
  await trx
    .insertInto('events')
    .values({
      id,
      host_id: viewer.userId,
      group_id: groupId,
      title: input.title,
      description: input.description ?? '',
      category: input.category,
      ...schedule,
      last_ends_at: lastEnd(occurrences),
      ...place,
      circle_id: null,
      capacity: input.capacity ?? null,
      ticket_url: input.ticket_url?.trim() || null,
      cover_media_id: cover?.cover_media_id ?? null,
      cover_url: cover?.cover_url ?? null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  await writeOccurrences(trx, id, occurrences);
  return id;
}

/**
 * The members who answered Going, Interested or joined the waitlist for an occurrence still to come,
 * and may still see the event (a member removed from its group, banned or blocked since is not told).
 */
async function attendeesToTell(
  trx: Trx,
  senderId: string,
  eventId: string,
  answers: Array<'going' | 'interested' | 'waitlist'>,
) {
  const rows = await trx
    .selectFrom('event_rsvps')
    .select('user_id')
    .distinct()
    .where('event_id', '=', eventId)
    .where('user_id', '!=', senderId)
    .where(notHiddenFrom(senderId, 'event_rsvps.user_id'))
    .where('answer', 'in', answers)
    .where('occurrence', '>', new Date(Date.now() - DAY_MS).toISOString())
    .execute();
  return membersWhoMaySeeEvent(
    trx,
    eventId,
    rows.map((row) => row.user_id),
  );
}

/**
 * Moves each answer to the occurrence that takes the place of its old one (the first to the first,
 * and so on); answers for occurrences that no longer exist go. Rows are read, deleted and written back,
 * as updating keys in place could collide when an event moves by a week.
 */
async function moveAnswers(trx: Trx, eventId: string, before: Occurrence[], after: Occurrence[]) {
  const moved = new Map(before.map((o, i) => [o.starts_at, after[i]?.starts_at ?? null]));
  const rows = await trx.selectFrom('event_rsvps').selectAll().where('event_id', '=', eventId).execute();
  if (rows.length === 0) return;
  await trx.deleteFrom('event_rsvps').where('event_id', '=', eventId).execute();
  const kept = rows.flatMap((row) => {
    const occurrence = moved.get(row.occurrence);
    return occurrence ? [{ ...row, occurrence }] : [];
  });
  for (let start = 0; start < kept.length; start += 500) {
    await trx
      .insertInto('event_rsvps')
      .values(kept.slice(start, start + 500))
      .execute();
  }
}

const sameSchedule = (a: Schedule, b: Schedule) =>
  a.starts_at === b.starts_at &&
  a.ends_at === b.ends_at &&
  a.time_zone === b.time_zone &&
  a.repeat === b.repeat &&
  a.repeat_until === b.repeat_until;

export async function updateEvent(
  trx: Trx,
  after: After,
  viewer: Viewer,
  eventId: string,
  input: UpdateEventInput,
  point: Point,
  urls: MediaUrls,
): Promise<void> {
  const event = await findEventToManage(trx, viewer.userId, eventId);
  if (event.cancelled_at) throw conflict('event_cancelled');
  const before: Schedule = event;
  const schedule = scheduleOf(input, null);
  const moved = !sameSchedule(before, schedule);
  const place = placeOf(input, point);
  const placeChanged =
    place.place !== event.place ||
    place.venue !== event.venue ||
    place.address !== event.address ||
    place.online_url !== event.online_url;
  let cover = {};
  if (input.cover_media_id === null) cover = { cover_media_id: null, cover_url: null };
  else if (input.cover_media_id && input.cover_media_id !== event.cover_media_id) {
    cover = await coverOf(trx, viewer, input.cover_media_id, urls);
  }
  const occurrences = occurrencesOf(schedule);
  // Moving an event needs it to take place still: a single event a start to come, a weekly one an
  // occurrence to come (its first ones may have passed). Editing one in progress keeps its times.
  const now = new Date().toISOString();
  if (moved && (schedule.repeat === 'none' ? schedule.starts_at < now : lastEnd(occurrences) <= now)) {
    throw badRequest('event_in_past');
  }
  await trx
    .updateTable('events')
    .set({
      title: input.title,
      description: input.description ?? '',
      category: input.category,
      ...schedule,
      last_ends_at: lastEnd(occurrences),
      ...place,
      capacity: input.capacity ?? null,
      ticket_url: input.ticket_url?.trim() || null,
      ...cover,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', event.id)
    .execute();
  if ('cover_media_id' in cover && event.cover_media_id)
    await releaseUploads(trx, after, [event.cover_media_id]);
  if (moved) {
    const old = await trx
      .selectFrom('event_occurrences')
      .select(['starts_at', 'ends_at'])
      .where('event_id', '=', event.id)
      .orderBy('starts_at')
      .execute();
    await trx.deleteFrom('event_occurrences').where('event_id', '=', event.id).execute();
    await writeOccurrences(trx, event.id, occurrences);
    await moveAnswers(trx, event.id, old, occurrences);
  }
  const updated = { ...event, capacity: input.capacity ?? null };
  // A larger capacity (or none) lets the waiting in, in order.
  if (updated.capacity === null || (event.capacity !== null && updated.capacity > event.capacity) || moved) {
    for (const o of occurrences) await promoteWaitlist(trx, after, updated, o.starts_at);
  }
  if (moved || placeChanged) {
    const people = await attendeesToTell(trx, viewer.userId, event.id, ['going', 'interested', 'waitlist']);
    await notifyMany(trx, after, people, {
      fromUserId: viewer.userId,
      type: 'event_changed',
      eventId: event.id,
    });
    if (people.length) after.emitToUser(people, 'event:changed', { event_id: event.id });
  }
}

export async function cancelEvent(trx: Trx, after: After, viewer: Viewer, eventId: string, reason: string) {
  const event = await findEventToManage(trx, viewer.userId, eventId);
  if (event.cancelled_at) throw conflict('event_cancelled');
  if (event.last_ends_at < new Date().toISOString()) throw conflict('event_over');
  await trx
    .updateTable('events')
    .set({ cancelled_at: new Date().toISOString(), cancel_reason: reason })
    .where('id', '=', event.id)
    .execute();
  const people = await attendeesToTell(trx, viewer.userId, event.id, ['going', 'interested', 'waitlist']);
  await notifyMany(trx, after, people, {
    fromUserId: viewer.userId,
    type: 'event_cancelled',
    eventId: event.id,
    message: reason,
  });
  if (people.length) after.emitToUser(people, 'event:changed', { event_id: event.id });
}

/**
 * 'Message attendees': one bell line to each member going to an occurrence still to come, at most
 * EVENT_MESSAGES_PER_DAY times a day per event. Each message's lines share one `created_at`, so the
 * day's messages are counted as distinct times. Returns the members told, for the emails.
 */
export async function messageAttendees(
  trx: Trx,
  after: After,
  viewer: Viewer,
  eventId: string,
  text: string,
): Promise<{ event: EventRow; userIds: string[] }> {
  const event = await findEventToManage(trx, viewer.userId, eventId);
  if (event.cancelled_at) throw conflict('event_cancelled');
  if (event.last_ends_at < new Date().toISOString()) throw conflict('event_over');
  const sent = await trx
    .selectFrom('notifications')
    .select((eb) => eb.fn.count('created_at').distinct().as('n'))
    .where('type', '=', 'event_message')
    .where('event_id', '=', event.id)
    .where('from_user_id', '=', viewer.userId)
    .where('created_at', '>', new Date(Date.now() - DAY_MS).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(sent.n) >= EVENT_MESSAGES_PER_DAY) {
    throw httpError(429, 'event_message_limit', { max: EVENT_MESSAGES_PER_DAY });
  }
  const people = await attendeesToTell(trx, viewer.userId, event.id, ['going']);
  await notifyMany(trx, after, people, {
    fromUserId: viewer.userId,
    type: 'event_message',
    eventId: event.id,
    message: text,
  });
  return { event, userIds: people };
}
