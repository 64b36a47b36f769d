import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import type { GroupTestMember } from './groups.ts';

// Events (issue 26) in tests: the create form's fields with times days ahead, and an event made
// through the API.

/** '2026-12-06T10:30': a wall-clock time `days` from now at `time`. */
export function localIn(days: number, time = '19:00'): string {
  return `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;
}

export function eventInput(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Bible study',
    description: 'Romans, chapter 8',
    starts_local: localIn(3, '19:00'),
    ends_local: localIn(3, '21:00'),
    time_zone: 'America/Chicago',
    repeat: 'none',
    category: 'faith',
    place: 'in_person',
    venue: 'Grace Church hall',
    ...fields,
  };
}

export async function createTestEvent(host: GroupTestMember, fields: Record<string, unknown> = {}) {
  const res = await host.client.post('/api/events', eventInput(fields));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; starts_at: string; next_occurrences: string[] };
}

export const rsvp = (member: GroupTestMember, eventId: string, body: Record<string, unknown>) =>
  member.client.request('PUT', `/api/events/${eventId}/rsvp`, body);

/**
 * Copies of an event, each with its title and one occurrence `hoursAfter(i)` hours after the event's
 * start, an hour long, written straight into the database: more than a member may create in a day.
 */
export async function copyTestEvent(
  db: Kysely<DB>,
  eventId: string,
  copies: Array<{ title: string; hoursAfter: number }>,
): Promise<void> {
  const base = await db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow();
  for (const { title, hoursAfter } of copies) {
    const starts = new Date(Date.parse(base.starts_at) + hoursAfter * 3_600_000).toISOString();
    const ends = new Date(Date.parse(starts) + 3_600_000).toISOString();
    const id = uuidv7();
    await db
      .insertInto('events')
      .values({ ...base, id, title, starts_at: starts, ends_at: ends, last_ends_at: ends })
      .execute();
    await db
      .insertInto('event_occurrences')
      .values({ event_id: id, starts_at: starts, ends_at: ends })
      .execute();
  }
}
