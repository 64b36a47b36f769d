import { passkey } from '@better-auth/passkey';
import type { Config } from '@server/config.ts';
import type { Database_ } from '@server/db/database.ts';
import { translator } from '@server/i18n/translate.ts';
import type { Log } from '@server/log.ts';
import type { Mailer } from '@server/mail/mailer.ts';
import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { v7 as uuidv7 } from 'uuid';
import { confirmationEmail, mailLanguage, resetPasswordEmail } from './emails.ts';
import type { MailQuota } from './mailQuota.ts';
import { argon2Password } from './passwords.ts';
import { createProfileBeforeUser, profilesModel, refuseSuspendedMember } from './profileOnSignUp.ts';
import { noteSignIn } from './signInAlerts.ts';

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;
export const TOTP_PERIOD_SECONDS = 30;
export const TWO_FACTOR_FREE_FAILURES = 5;

/** Better Auth over our Kysely instance: email + password, confirmation required, sessions in the DB. */
export function createAuth(options: {
  config: Config;
  database: Database_;
  mailer: Mailer;
  log: Log;
  /** Reset and confirmation mails per address per day; past it, Better Auth answers as usual, unsent. */
  mailQuota: MailQuota;
  onSessionsChanged: (userId: string) => void;
}) {
  const { config, database, mailer, mailQuota } = options;
  return betterAuth({
    appName: 'Splikz',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: { db: database.db, type: database.dialect, transaction: true },
    logger: { disabled: true },
    telemetry: { enabled: false },
    // Our routes apply their own per-IP and per-email limits in front of Better Auth.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: argon2Password,
      sendResetPassword: async ({ user, url }, request) => {
        if (!(await mailQuota.take(user.email))) return;
        const t = translator(await mailLanguage(database, user.id, request));
        await mailer.send(resetPasswordEmail(t, user.email, url));
      },
      onPasswordReset: async ({ user }) => options.onSessionsChanged(user.id),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }, request) => {
        if (!(await mailQuota.take(user.email))) return;
        const t = translator(await mailLanguage(database, user.id, request));
        await mailer.send(confirmationEmail(t, user.email, url));
      },
    },
    // freshAge 0: Better Auth's own 'recent sign-in' check guards only endpoints we hide, and adding a
    // passkey asks for the password instead (routes/auth/passkeyRoutes.ts).
    session: { expiresIn: SESSION_MAX_AGE_SECONDS, updateAge: 60 * 60 * 24, freshAge: 0 },
    advanced: {
      // Better Auth skips its Origin and callbackURL checks when NODE_ENV=test or TEST=true: never here.
      disableOriginCheck: false,
      database: { generateId: () => uuidv7() },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    databaseHooks: {
      user: { create: { before: createProfileBeforeUser } },
      session: {
        create: {
          before: refuseSuspendedMember,
          // Sign-in alerts: a new browser of the account mails the member; a failure never fails
          // the sign-in.
          after: async (session, endpoint) => {
            await noteSignIn(options, session, endpoint?.path).catch((error: unknown) =>
              options.log.warn({ err: error }, 'could not note the sign-in'),
            );
          },
        },
        delete: { after: async (session) => options.onSessionsChanged(session.userId) },
      },
    },
    plugins: [
      profilesModel,
      // Two-factor sign-in (issue 52): TOTP and 10 single-use recovery codes. Wrong codes lock the
      // account's second step for 15 minutes after TWO_FACTOR_FREE_FAILURES in a row, as wrong passwords
      // slow its first; each challenge (one password sign-in) takes 5 tries. No device is ever
      // trusted: our routes refuse `trustDevice`.
      twoFactor({
        issuer: 'Splikz',
        totpOptions: { digits: 6, period: TOTP_PERIOD_SECONDS },
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { maxFailedAttempts: TWO_FACTOR_FREE_FAILURES, durationSeconds: 15 * 60 },
        twoFactorCookieMaxAge: 10 * 60,
      }),
      // Passkeys (issue 52): bound to PUBLIC_URL's host and origin, discoverable so that the browser
      // can offer them in the sign-in form's autofill without an email first.
      passkey({
        rpID: new URL(config.publicUrl).hostname,
        rpName: 'Splikz',
        origin: new URL(config.publicUrl).origin,
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
