import { EVENT_LENGTH_HOURS_MAX, type RsvpStanding } from '@common/schemas/events.ts';
import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { RawBuilder } from 'kysely';
import { PER_MEMBER } from './declared.ts';
import { memberValue } from './perMember.ts';

/**
 * A member's answers to events not yet over, for the lists cut from kept events (queries/
 * upcomingPage.ts): each node keeps them per member with the number (member_versions.answers) they
 * were read at, as cache/hiddenMembers.ts keeps blocks and mutes. Triggers move the number whenever,
 * on any node, one of the member's answers is written or deleted (their own, a seat that moves them
 * from the waitlist, an event deleted). Looking the page's answers up on every request cost as much
 * as the rest of the page (docs/BENCH.md).
 */
export interface ViewerAnswer {
  answer: RsvpStanding;
  guests: number;
}

/** Answers are read from this long before the events under way then: the value's age (declared.ts). */
const ANSWERS_BACK_MS = PER_MEMBER.viewerAnswers.maxAgeMs;

/** The number of the viewer's answers, as a column of another query (see hiddenVersionOf). */
export function answersVersionOf(viewerId: string): RawBuilder<number> {
  return viewerAnswers.numberOf(viewerId);
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
export const viewerAnswers = memberValue<ReadonlyMap<string, ViewerAnswer>>(
  PER_MEMBER.viewerAnswers,
  async (db, viewerId, now) => {
    // From a day before what is under way now: what is under way until this is read again.
    const from = new Date(now - ANSWERS_BACK_MS - EVENT_LENGTH_HOURS_MAX * 3600_000).toISOString();
    const answers = new Map<string, ViewerAnswer>();
    for (const row of await answersQuery(db)({ viewerId, from })) {
      answers.set(answerKey(row.event_id, new Date(row.occurrence).toISOString()), {
        answer: row.answer as RsvpStanding,
        guests: Number(row.guests),
      });
    }
    return answers;
  },
);
