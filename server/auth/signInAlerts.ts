import type { Database_ } from '@server/db/database.ts';
import { translator } from '@server/i18n/translate.ts';
import type { Log } from '@server/log.ts';
import type { Mailer } from '@server/mail/mailer.ts';
import { mailLanguage, signInAlertEmail } from './emails.ts';
import { describeUserAgent } from './memberSessions.ts';

// Sign-in alerts (issue 52): every new session of a member passes here (Better Auth's session hook,
// auth.ts), whichever way it was made: password, password and code, passkey. The browser and system
// it names are remembered for the account; the first sign-in of an account only remembers, any later
// one from a browser not remembered yet mails 'New sign-in to your Splikz account', unless the member
// turned that mail off.

interface AlertContext {
  database: Database_;
  mailer: Mailer;
  log: Log;
  config: { publicUrl: string };
}

interface NewSession {
  userId: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt?: Date | string;
}

/**
 * Whether the session's browser is new to the account; mails the member when it is. `path` is the
 * Better Auth endpoint that made the session: a password sign-in of a member with two-factor on is
 * only a first step (Better Auth ends its session at once), so the code's session is the one noted.
 */
export async function noteSignIn(ctx: AlertContext, session: NewSession, path?: string): Promise<boolean> {
  const { db } = ctx.database;
  const member = await db
    .selectFrom('user')
    .leftJoin('user_settings', 'user_settings.user_id', 'user.id')
    .select(['user.email', 'user.twoFactorEnabled', 'user_settings.email_sign_in_alerts'])
    .where('user.id', '=', session.userId)
    .executeTakeFirst();
  if (!member || (path === '/sign-in/email' && Boolean(member.twoFactorEnabled))) return false;
  const { browser, system } = describeUserAgent(session.userAgent ?? null);
  const at = new Date(session.createdAt ?? Date.now());
  const known = await db
    .selectFrom('sign_in_browsers')
    .select(db.fn.countAll<number>().as('n'))
    .where('user_id', '=', session.userId)
    .executeTakeFirstOrThrow();
  const added = await db
    .insertInto('sign_in_browsers')
    .values({
      user_id: session.userId,
      browser: browser ?? '',
      system: system ?? '',
      first_seen_at: at.toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'browser', 'system']).doNothing())
    .executeTakeFirst();
  const isNew = Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
  const alertsOff = member.email_sign_in_alerts === false || member.email_sign_in_alerts === 0;
  if (!isNew || Number(known.n) === 0 || alertsOff) return isNew;
  const language = await mailLanguage(ctx.database, session.userId);
  const t = translator(language);
  const time = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(at);
  const mail = signInAlertEmail(
    t,
    member.email,
    { time, browser, system, ipAddress: session.ipAddress || null },
    `${ctx.config.publicUrl}/settings/security`,
  );
  void ctx.mailer
    .send(mail)
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'could not send the sign-in alert'));
  return isNew;
}

/** The data export's browsers the account signed in from, and when each was first seen. */
export async function exportSignInBrowsers(db: Database_['db'], userId: string) {
  const rows = await db
    .selectFrom('sign_in_browsers')
    .select(['browser', 'system', 'first_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('first_seen_at')
    .execute();
  return rows.map((row) => ({
    browser: row.browser || null,
    system: row.system || null,
    first_seen_at: row.first_seen_at,
  }));
}
