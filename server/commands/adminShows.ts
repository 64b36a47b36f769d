import type { AdminShow, ShowInput } from '@common/schemas/admin.ts';
import type { DB } from '@server/db/types.ts';
import { notFound } from '@server/http/errors.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { lockAdmins, recordAudit } from './admin.ts';

// Comedy shows as admins manage them; 'Find Shows' on /comedy lists these rows by `show_date`.

const SHOW_COLUMNS = [
  'id',
  'title',
  'performer',
  'venue',
  'city',
  'show_date',
  'starts_at',
  'ticket_url',
] as const;

/** Empty optional fields are stored as null; `starts_at` as the instant, in UTC. */
function showValues(input: ShowInput) {
  return {
    title: input.title,
    performer: input.performer || null,
    venue: input.venue,
    city: input.city,
    show_date: input.show_date,
    starts_at: new Date(input.starts_at).toISOString(),
    ticket_url: input.ticket_url || null,
  };
}

const describe = (show: Pick<AdminShow, 'title' | 'venue' | 'show_date'>) =>
  `“${show.title}” at ${show.venue} on ${show.show_date}`;

export async function createShow(
  trx: Transaction<DB>,
  actorId: string,
  input: ShowInput,
): Promise<AdminShow> {
  await lockAdmins(trx, actorId);
  const id = uuidv7();
  const values = showValues(input);
  await trx
    .insertInto('comedy_shows')
    .values({ id, ...values, created_at: new Date().toISOString() })
    .execute();
  await recordAudit(trx, {
    actorId,
    action: 'show.create',
    targetType: 'show',
    targetId: id,
    summary: `Added the show ${describe(values)}`,
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
  const values = showValues(input);
  const result = await trx
    .updateTable('comedy_shows')
    .set(values)
    .where('id', '=', showId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('show_not_found');
  await recordAudit(trx, {
    actorId,
    action: 'show.update',
    targetType: 'show',
    targetId: showId,
    summary: `Edited the show ${describe(values)}`,
  });
  return readShow(trx, showId);
}

export async function deleteShow(trx: Transaction<DB>, actorId: string, showId: string): Promise<void> {
  await lockAdmins(trx, actorId);
  const show = await trx
    .deleteFrom('comedy_shows')
    .where('id', '=', showId)
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
  return trx.selectFrom('comedy_shows').select(SHOW_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}
