import { createOTP } from '@better-auth/utils/otp';
import type { Database_ } from '@server/db/database.ts';
import { symmetricDecrypt } from 'better-auth/crypto';
import { TOTP_PERIOD_SECONDS } from './auth.ts';
import { authCookieName, cookieValue, unsignedValue } from './sessions.ts';

// Two-factor sign-in (issue 52) is Better Auth's twoFactor plugin; this file adds the one thing it
// lacks: a code is taken once. Better Auth accepts any code of the previous, present or next 30-second
// step, as often as it is sent, so one seen over a shoulder would sign in again within 90 s. Here the
// step of a code is found with the same library before Better Auth checks it, and claimed with a
// compare-and-set (`two_factor_steps`): a code of that step or an earlier one is refused afterwards,
// on every node and for requests at once.

interface TwoFactorContext {
  database: Pick<Database_, 'db'>;
  config: { authSecret: string; publicUrl: string };
}

/**
 * Whose second factor a request is: the signed-in member's (turning it on or off), or the member a
 * password sign-in left half-done (Better Auth's signed `two_factor` cookie and its verification row).
 */
export async function twoFactorUserId(
  ctx: TwoFactorContext,
  cookieHeader: string | undefined,
  viewerId: string | null,
): Promise<string | null> {
  if (viewerId) return viewerId;
  const secure = ctx.config.publicUrl.startsWith('https://');
  const signed = cookieValue(cookieHeader, authCookieName('two_factor', secure));
  const identifier = signed === null ? null : unsignedValue(signed, ctx.config.authSecret);
  if (!identifier) return null;
  const row = await ctx.database.db
    .withTables<{ verification: { identifier: string; value: string; expiresAt: string | Date } }>()
    .selectFrom('verification')
    .select(['value', 'expiresAt'])
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return row && new Date(row.expiresAt).getTime() > Date.now() ? row.value : null;
}

/** The step (of TOTP_PERIOD_SECONDS) whose code `code` is, among the steps Better Auth takes; or null. */
async function stepOf(secret: string, code: string, now: number): Promise<number | null> {
  const otp = createOTP(secret, { digits: 6, period: TOTP_PERIOD_SECONDS });
  const present = Math.floor(now / (TOTP_PERIOD_SECONDS * 1000));
  for (const step of [present - 1, present, present + 1]) {
    if ((await otp.hotp(step)) === code) return step;
  }
  return null;
}

/**
 * Which step a TOTP code is of, for the member's secret: `step` null when it is no code of now (Better
 * Auth refuses it and counts the failure) or the member has no secret (`found` false); `used` when a
 * code of that step or a later one was already taken.
 */
export async function totpCodeStep(
  ctx: TwoFactorContext,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<{ found: boolean; step: number | null; used: boolean }> {
  const db = ctx.database.db;
  const row = await db
    .selectFrom('twoFactor')
    .select('secret')
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) return { found: false, step: null, used: false };
  const secret = await symmetricDecrypt({ key: ctx.config.authSecret, data: row.secret });
  const step = await stepOf(secret, code, now);
  if (step === null) return { found: true, step, used: false };
  const last = await db
    .selectFrom('two_factor_steps')
    .select('last_step')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { found: true, step, used: last !== undefined && Number(last.last_step) >= step };
}

/**
 * Takes a step for the member with a compare-and-set: false when it (or a later one) was taken first,
 * by another request on any node.
 */
export async function claimTotpStep(ctx: TwoFactorContext, userId: string, step: number): Promise<boolean> {
  const db = ctx.database.db;
  const inserted = await db
    .insertInto('two_factor_steps')
    .values({ user_id: userId, last_step: step })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const moved = await db
    .updateTable('two_factor_steps')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Seconds until the member's second step may be tried again after too many wrong codes (0: now). */
export async function twoFactorLockedSeconds(ctx: TwoFactorContext, userId: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('twoFactor')
    .select('lockedUntil')
    .where('userId', '=', userId)
    .executeTakeFirst();
  const until = row?.lockedUntil ? new Date(row.lockedUntil).getTime() : 0;
  return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : 0;
}

/** Whether the member has two-factor sign-in on (a verified code turned it on). */
export async function twoFactorEnabled(ctx: TwoFactorContext, userId: string): Promise<boolean> {
  const row = await ctx.database.db
    .selectFrom('user')
    .select('twoFactorEnabled')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.twoFactorEnabled);
}

/**
 * Turns two-factor sign-in on once the first code came back, or off, in place. Better Auth's own
 * endpoints for these also swap the member's session for a new one, and a tab that asks in between
 * with the old cookie is signed out: here the session stays.
 */
export async function setTwoFactor(ctx: TwoFactorContext, userId: string, on: boolean): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx.updateTable('user').set({ twoFactorEnabled: on }).where('id', '=', userId).execute();
    if (on) await trx.updateTable('twoFactor').set({ verified: true }).where('userId', '=', userId).execute();
    else await trx.deleteFrom('twoFactor').where('userId', '=', userId).execute();
  });
}

/** Whether the member's secret was made but no code of it came back yet ('Turn on', half-way). */
export async function twoFactorPending(ctx: TwoFactorContext, userId: string): Promise<boolean> {
  const row = await ctx.database.db
    .selectFrom('twoFactor')
    .select('verified')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined && !row.verified;
}
