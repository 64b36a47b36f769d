import { EVENT_LENGTH_HOURS_MAX, type RsvpStanding } from '@common/schemas/events.ts';
import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { keptPerMember } from './keptPerMember.ts';

/**
 * A member's answers to events not yet over, for the lists cut from kept events (queries/
 * upcomingPage.ts): each node keeps them per member with the number (member_versions.answers) they
 * were read at, as queries/hiddenMembers.ts keeps blocks and mutes. Triggers move the number whenever,
 * on any node, one of the member's answers is written or deleted (their own, a seat that moves them
 * from the waitlist, an event deleted). Looking the page's 20 answers up by key took about 50 µs of
 * Upcoming's request.
 */
export interface ViewerAnswer {
  answer: RsvpStanding;
  guests: number;
}

/** Members whose answers one node keeps at most. */
const KEPT_MEMBERS = 20_000;
/** Answers are read from this long before the events under way then, and kept no longer. */
const KEPT_MS = 24 * 3600_000;

/** The number of the viewer's answers, as a column of another query (see hiddenVersionOf). */
export function answersVersionOf(viewerId: string): RawBuilder<number> {
  return sql<number>`coalesce((select answers from member_versions where member_id = ${viewerId}), 0)`;
}

const answersQuery = perDatabase((db) =>
  preparedQuery(db, { viewerId: '\u0000viewer', from: '\u0000from' }, (v) =>
    db
      .selectFrom('event_rsvps')
      .select(['event_id', 'occurrence', 'answer', 'guests'])
      .where('user_id', '=', v.viewerId)
      .where('occurrence', '>', v.from),
  ),
);

export const answerKey = (eventId: string, occurrence: string) => `${eventId}|${occurrence}`;

/**
 * The viewer's answers, as of `version`, to every occurrence that started at most
 * EVENT_LENGTH_HOURS_MAX ago (any event not yet over) or starts later; by answerKey.
 */
export const viewerAnswers: (
  db: Kysely<DB>,
  viewerId: string,
  version: number,
) => Promise<ReadonlyMap<string, ViewerAnswer>> = keptPerMember(
  KEPT_MEMBERS,
  async (db, viewerId, now) => {
    // From a day before what is under way now: what is under way until this is read again.
    const from = new Date(now - KEPT_MS - EVENT_LENGTH_HOURS_MAX * 3600_000).toISOString();
    const answers = new Map<string, ViewerAnswer>();
    for (const row of await answersQuery(db)({ viewerId, from })) {
      answers.set(answerKey(row.event_id, new Date(row.occurrence).toISOString()), {
        answer: row.answer as RsvpStanding,
        guests: Number(row.guests),
      });
    }
    return answers;
  },
  KEPT_MS,
);
