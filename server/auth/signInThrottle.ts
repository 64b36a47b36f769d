import { createHash } from 'node:crypto';
import type { Database_ } from '@server/db/database.ts';
import type { DB } from '@server/db/types.ts';
import { httpError } from '@server/http/errors.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

// Failed sign-ins against one account slow down, whatever the IP they come from: after FREE_FAILURES
// failures, the next attempt waits 2^(n-FREE_FAILURES) seconds (n: failures so far), at most
// MAX_WAIT_MS. An attempt more than QUIET_MS after the previous one (or after the end of its wait)
// starts a new count; a success clears it. The count is one row per account in the database
// (sign_in_failures, keyed by a hash of the email), so every app node applies the same wait.
export const FREE_FAILURES = 5;
export const QUIET_MS = 15 * 60_000;
export const MAX_WAIT_MS = 15 * 60_000;
const FORGET_AFTER_MS = 24 * 3600_000;

/** How long the next attempt waits after `failures` failures in a row. */
export function waitAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES) * 1000, MAX_WAIT_MS);
}

/** The 429 of an account that must wait `seconds` before its next attempt: in seconds, or past two minutes in minutes. */
export function signInWait(seconds: number) {
  return seconds < 120
    ? httpError(429, 'sign_in_throttled', { count: seconds })
    : httpError(429, 'sign_in_throttled_minutes', { count: Math.ceil(seconds / 60) });
}

const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
const iso = (ms: number) => new Date(ms).toISOString();

const lockedUntilMs = (value: string | null) => (value ? new Date(value).getTime() : 0);

/**
 * Takes the account's next attempt and counts it as a failure before it is made (the answer reaches
 * the client before anything could be written after it): null when it may go ahead, or the seconds it
 * must still wait. The count moves with a compare-and-set, so attempts at once (on any node) all
 * count, and once past the free failures only one of them gets the try.
 */
export async function beginSignInAttempt(
  db: Kysely<DB>,
  email: string,
  now = Date.now(),
): Promise<number | null> {
  const hash = emailHash(email);
  for (let round = 0; round < 5; round += 1) {
    const row = await db
      .selectFrom('sign_in_failures')
      .select(['failures', 'last_failed_at', 'locked_until'])
      .where('email_hash', '=', hash)
      .executeTakeFirst();
    const lockedUntil = lockedUntilMs(row?.locked_until ?? null);
    if (lockedUntil > now) return Math.ceil((lockedUntil - now) / 1000);
    // The count starts again after QUIET_MS without attempts (counted from the end of the last wait).
    const quietFrom = row ? Math.max(new Date(row.last_failed_at).getTime(), lockedUntil) : 0;
    const failures = (row && quietFrom + QUIET_MS >= now ? row.failures : 0) + 1;
    const wait = waitAfterFailures(failures);
    const values = { failures, last_failed_at: iso(now), locked_until: wait > 0 ? iso(now + wait) : null };
    const taken = row
      ? Number(
          (
            await db
              .updateTable('sign_in_failures')
              .set(values)
              .where('email_hash', '=', hash)
              .where('failures', '=', row.failures)
              .where('last_failed_at', '=', row.last_failed_at)
              .executeTakeFirst()
          ).numUpdatedRows,
        )
      : (
          await db
            .insertInto('sign_in_failures')
            .values({ email_hash: hash, ...values })
            .onConflict((oc) => oc.column('email_hash').doNothing())
            .returning('email_hash')
            .execute()
        ).length;
    if (taken === 1) return null;
  }
  return 1; // the account is being tried from many places at once
}

/**
 * The attempt's outcome: a success clears the count; a wrong password stays counted; anything else
 * (the email not confirmed yet, an error of ours) was not a guess that failed, so it is taken back.
 */
export async function endSignInAttempt(
  db: Kysely<DB>,
  email: string,
  outcome: 'signed_in' | 'wrong_password' | 'other',
  now = Date.now(),
): Promise<void> {
  const hash = emailHash(email);
  if (outcome === 'signed_in') {
    await db.deleteFrom('sign_in_failures').where('email_hash', '=', hash).execute();
  } else if (outcome === 'other') {
    await db
      .updateTable('sign_in_failures')
      .set((eb) => ({ failures: eb('failures', '-', 1), locked_until: null }))
      .where('email_hash', '=', hash)
      .where('failures', '>', 0)
      .execute();
  }
  await db
    .deleteFrom('sign_in_failures')
    .where('last_failed_at', '<', iso(now - FORGET_AFTER_MS))
    .execute();
}

/**
 * Runs a sign-in through the account's throttle: a 429 with Retry-After while it must wait, otherwise
 * the attempt, whose answer then counts (401: a failure; 200: the count is cleared).
 */
export async function throttleSignIn(
  ctx: { database: Pick<Database_, 'db'> },
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: (beforeAnswer: (status: number) => Promise<void>) => Promise<unknown>,
): Promise<unknown> {
  const db = ctx.database.db;
  const email = (request.body as { email: string }).email;
  const wait = await beginSignInAttempt(db, email);
  if (wait !== null) {
    return reply
      .status(429)
      .header('retry-after', String(wait))
      .send({ error: signInWait(wait).body });
  }
  // Recorded before the client hears the answer, so its next attempt sees the count as it now is.
  let recorded = false;
  const record = async (status: number) => {
    recorded = true;
    const outcome = status === 200 ? 'signed_in' : status === 401 ? 'wrong_password' : 'other';
    await endSignInAttempt(db, email, outcome).catch((error) =>
      request.log.warn({ err: error }, 'could not record a sign-in attempt'),
    );
  };
  let result: unknown;
  try {
    result = await attempt(record);
  } finally {
    if (!recorded) await record(500);
  }
  return result;
}
