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
