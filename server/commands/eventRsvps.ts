import type { RsvpInput } from '@common/schemas/events.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, conflict, notFound } from '@server/http/errors.ts';
import { type EventRow, eventSeenBy, membersWhoMaySeeEvent } from '@server/policies/event.ts';
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import { notify } from './notifications.ts';
import type { After } from './run.ts';

// Answers to an event (issue 26): Going (with guests), Interested, Not going, per occurrence. A capacity
// counts going members plus their guests; a 'Going' that does not fit joins the waitlist, ordered by
// when it asked, and a freed seat goes to the first on it who fits.

type Trx = Transaction<DB>;

/**
 * The event locked for a change of its answers or its capacity: on PostgreSQL two members answering at
 * once wait for each other here, so the last seat goes to exactly one (SQLite runs one writer at a time).
 */
export async function lockEvent(trx: Trx, viewerId: string, eventId: string): Promise<EventRow> {
  let query = trx.selectFrom('events').selectAll().where('id', '=', eventId).where(eventSeenBy(viewerId));
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const event = await query.executeTakeFirst();
  if (!event) throw notFound('event_not_found');
  return event;
}

/** Seats taken for one occurrence: going members plus their guests (`except` leaves one member out). */
async function seatsTaken(trx: Trx, eventId: string, occurrence: string, except?: string): Promise<number> {
  let query = trx
    .selectFrom('event_rsvps')
    .select(sql<number>`coalesce(sum(1 + guests), 0)`.as('n'))
    .where('event_id', '=', eventId)
    .where('occurrence', '=', occurrence)
    .where('answer', '=', 'going');
  if (except) query = query.where('user_id', '!=', except);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * The occurrence an answer is for: the one named (it must exist and not have ended), or the next one
 * that has not ended.
 */
export async function occurrenceToAnswer(
  trx: Trx,
  event: EventRow,
  named: string | undefined,
): Promise<string> {
  const now = new Date().toISOString();
  if (named !== undefined) {
    const time = Date.parse(named);
    if (Number.isNaN(time)) throw badRequest('event_occurrence_invalid');
    const found = await trx
      .selectFrom('event_occurrences')
      .select(['starts_at', 'ends_at'])
      .where('event_id', '=', event.id)
      .where('starts_at', '=', new Date(time).toISOString())
      .executeTakeFirst();
    if (!found) throw badRequest('event_occurrence_invalid');
    if (found.ends_at <= now) throw conflict('event_over');
    return found.starts_at;
  }
  const next = await trx
    .selectFrom('event_occurrences')
    .select('starts_at')
    .where('event_id', '=', event.id)
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .limit(1)
    .executeTakeFirst();
  if (!next) throw conflict('event_over');
  return next.starts_at;
}

/** Records the viewer's answer; returns the occurrence it is for. */
export async function answerRsvp(
  trx: Trx,
  after: After,
  viewer: Viewer,
  eventId: string,
  input: RsvpInput,
): Promise<string> {
  const event = await lockEvent(trx, viewer.userId, eventId);
  if (event.cancelled_at) throw conflict('event_cancelled');
  const occurrence = await occurrenceToAnswer(trx, event, input.occurrence);
  const mine = await trx
    .selectFrom('event_rsvps')
    .selectAll()
    .where('event_id', '=', event.id)
    .where('occurrence', '=', occurrence)
    .where('user_id', '=', viewer.userId)
    .executeTakeFirst();
  const guests = input.answer === 'going' ? (input.guests ?? 0) : 0;
  const now = new Date().toISOString();
  let answer: 'going' | 'interested' | 'not_going' | 'waitlist' = input.answer;
  let askedAt = now;
  if (input.answer === 'going' && event.capacity !== null) {
    const free = event.capacity - (await seatsTaken(trx, event.id, occurrence, viewer.userId));
    if (mine?.answer === 'going') {
      // Already in: more guests must fit, or the answer stays as it was.
      if (1 + guests > free) throw conflict('event_guests_no_room', { left: Math.max(0, free - 1) });
      askedAt = mine.asked_at;
    } else if (1 + guests > free) {
      answer = 'waitlist';
      // Waiting already: a change of guests keeps the place in line.
      if (mine?.answer === 'waitlist') askedAt = mine.asked_at;
    }
  }
  await trx
    .insertInto('event_rsvps')
    .values({
      event_id: event.id,
      occurrence,
      user_id: viewer.userId,
      answer,
      guests,
      asked_at: askedAt,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'occurrence', 'user_id'])
        .doUpdateSet({ answer, guests, asked_at: askedAt, updated_at: now }),
    )
    .execute();
  // Seats freed (leaving, or fewer guests): the waiting move up.
  if (mine?.answer === 'going' && (answer !== 'going' || guests < mine.guests)) {
    await promoteWaitlist(trx, after, event, occurrence);
  }
  return occurrence;
}

/**
 * Moves the waiting to going, in the order they asked, each one whose party fits in the seats left
 * (all of them when the event has no capacity), and tells each 'A spot opened'. A member who may no
 * longer see the event is passed over.
 */
export async function promoteWaitlist(
  trx: Trx,
  after: After,
  event: Pick<EventRow, 'id' | 'capacity' | 'host_id'>,
  occurrence: string,
): Promise<void> {
  const waiting = await trx
    .selectFrom('event_rsvps')
    .select(['user_id', 'guests'])
    .where('event_id', '=', event.id)
    .where('occurrence', '=', occurrence)
    .where('answer', '=', 'waitlist')
    .orderBy('asked_at')
    .orderBy('user_id')
    .execute();
  if (waiting.length === 0) return;
  // Only those who may still see the event move up; the others keep their place, untold.
  const mayMove = new Set(
    await membersWhoMaySeeEvent(
      trx,
      event.id,
      waiting.map((person) => person.user_id),
    ),
  );
  let free =
    event.capacity === null
      ? Number.POSITIVE_INFINITY
      : event.capacity - (await seatsTaken(trx, event.id, occurrence));
  for (const person of waiting) {
    if (!mayMove.has(person.user_id) || 1 + person.guests > free) continue;
    free -= 1 + person.guests;
    await trx
      .updateTable('event_rsvps')
      .set({ answer: 'going', updated_at: new Date().toISOString() })
      .where('event_id', '=', event.id)
      .where('occurrence', '=', occurrence)
      .where('user_id', '=', person.user_id)
      .execute();
    await notify(trx, after, {
      userId: person.user_id,
      fromUserId: null,
      type: 'event_spot',
      eventId: event.id,
    });
    after.emitToUser([person.user_id], 'event:changed', { event_id: event.id });
  }
}
