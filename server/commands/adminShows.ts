import type { AdminShow, ShowInput } from '@common/schemas/admin.ts';
import type { DB } from '@server/db/types.ts';
import { notFound } from '@server/http/errors.ts';
import { SHOW_COLUMNS } from '@server/queries/admin.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { lockAdmins, recordAudit } from './admin.ts';

// Comedy shows as admins manage them (the console's Shows tab). Since issue 26 a show is an event of
// category Comedy with no host, its performer and the date 'Find Shows' lists it under; members find
// it among the comedy events of that date, answer it and add it to their calendars like any event.

/** A show lasts two hours unless an admin says otherwise (the console has no end time). */
const SHOW_LENGTH_MS = 2 * 3600 * 1000;

/** The event row's fields of a show: its start instant in UTC, the city as its address. */
function showValues(input: ShowInput) {
  const starts = new Date(input.starts_at).toISOString();
  const ends = new Date(Date.parse(starts) + SHOW_LENGTH_MS).toISOString();
  return {
    event: {
      title: input.title,
      performer: input.performer || null,
      venue: input.venue,
      address: input.city || null,
      show_date: input.show_date,
      starts_at: starts,
      ends_at: ends,
      last_ends_at: ends,
      ticket_url: input.ticket_url || null,
    },
    occurrence: { starts_at: starts, ends_at: ends },
  };
}

const describe = (show: { title: string; venue: string | null; show_date: string | null }) =>
  `“${show.title}” at ${show.venue ?? ''} on ${show.show_date ?? ''}`;

export async function createShow(
  trx: Transaction<DB>,
  actorId: string,
  input: ShowInput,
): Promise<AdminShow> {
  await lockAdmins(trx, actorId);
  const id = uuidv7();
  const { event, occurrence } = showValues(input);
  const now = new Date().toISOString();
  await trx
    .insertInto('events')
    .values({
      id,
      host_id: null,
      group_id: null,
      description: '',
      category: 'comedy',
      time_zone: 'UTC',
      repeat: 'none',
      repeat_until: null,
      place: 'in_person',
      lat: null,
      lng: null,
      online_url: null,
      circle_id: null,
      capacity: null,
      cover_media_id: null,
      cover_url: null,
      ...event,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('event_occurrences')
    .values({ event_id: id, ...occurrence })
    .execute();
  await recordAudit(trx, {
    actorId,
    action: 'show.create',
    targetType: 'show',
    targetId: id,
    summary: `Added the show ${describe(event)}`,
  });
  return readShow(trx, id);
}

export async function updateShow(
  trx: Transaction<DB>,
  actorId: string,
  showId: string,
  input: ShowInput,
): Promise<AdminShow> {
  await lockAdmins(trx, actorId);
  const before = await trx
    .selectFrom('events')
    .select(['starts_at'])
    .where('id', '=', showId)
    .where('show_date', 'is not', null)
    .executeTakeFirst();
  if (!before) throw notFound('show_not_found');
  const { event, occurrence } = showValues(input);
  await trx
    .updateTable('events')
    .set({ ...event, updated_at: new Date().toISOString() })
    .where('id', '=', showId)
    .execute();
  if (before.starts_at !== occurrence.starts_at) {
    // One occurrence: its answers follow it to the new time.
    await trx
      .updateTable('event_rsvps')
      .set({ occurrence: occurrence.starts_at })
      .where('event_id', '=', showId)
      .execute();
    await trx.deleteFrom('event_occurrences').where('event_id', '=', showId).execute();
    await trx
      .insertInto('event_occurrences')
      .values({ event_id: showId, ...occurrence })
      .execute();
  }
  await recordAudit(trx, {
    actorId,
    action: 'show.update',
    targetType: 'show',
    targetId: showId,
    summary: `Edited the show ${describe(event)}`,
  });
  return readShow(trx, showId);
}

export async function deleteShow(trx: Transaction<DB>, actorId: string, showId: string): Promise<void> {
  await lockAdmins(trx, actorId);
  const show = await trx
    .deleteFrom('events')
    .where('id', '=', showId)
    .where('show_date', 'is not', null)
    .returning(['title', 'venue', 'show_date'])
    .executeTakeFirst();
  if (!show) throw notFound('show_not_found');
  await recordAudit(trx, {
    actorId,
    action: 'show.delete',
    targetType: 'show',
    targetId: showId,
    summary: `Removed the show ${describe(show)}`,
  });
}

async function readShow(trx: Transaction<DB>, id: string): Promise<AdminShow> {
  const row = await trx
    .selectFrom('events')
    .select(SHOW_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, venue: row.venue ?? '', show_date: row.show_date ?? '' };
}
