import { isLanguageCode, type Language } from '@common/options.ts';
import { DEFAULT_PREFERENCES } from '@common/schemas/settings.ts';
import type { Database_ } from '@server/db/database.ts';
import { escapeHtml } from '@server/http/escapeHtml.ts';
import { languageFromHeader } from '@server/i18n/translate.ts';
import type { MailMessage } from '@server/mail/mailer.ts';
import type { TFunction } from 'i18next';

/**
 * Our words and our link only: nothing a member chose (their name can hold line breaks of old, or a
 * URL) is put where it could read as an instruction or be turned into a link by the mail client.
 */
function actionMail(t: TFunction, to: string, subject: string, lines: string[], action: string, url: string) {
  const greeting = t('Hello,');
  const text = [greeting, '', ...lines, '', `${action}: ${url}`, '', '— Splikz'].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>— Splikz</p>`;
  return { to, subject, text, html } satisfies MailMessage;
}

/** Written in the member's language: `t` comes from server/i18n/translate.ts. */
export const confirmationEmail = (t: TFunction, to: string, url: string) =>
  actionMail(
    t,
    to,
    t('Confirm your Splikz account'),
    [
      t('Welcome to Splikz! Please confirm your email address to finish creating your account.'),
      t('The link is valid for 24 hours. If you did not sign up, you can ignore this email.'),
    ],
    t('Confirm your email'),
    url,
  );

export const resetPasswordEmail = (t: TFunction, to: string, url: string) =>
  actionMail(
    t,
    to,
    t('Reset your Splikz password'),
    [
      t('Someone asked to reset the password of your Splikz account.'),
      t('The link is valid for 1 hour. Setting a new password signs you out everywhere else.'),
      t('If it was not you, you can ignore this email: your password stays the same.'),
    ],
    t('Set a new password'),
    url,
  );

/** After 'Change password' (issue 52): what happened, and where to go if it was not them. */
export const passwordChangedEmail = (t: TFunction, to: string, url: string) =>
  actionMail(
    t,
    to,
    t('Your Splikz password was changed'),
    [
      t('The password of your Splikz account was just changed, and every other device was signed out.'),
      t('If it was not you, reset your password now with the link below.'),
    ],
    t('Reset your password'),
    url,
  );

/** What a sign-in alert tells: when, from which browser and system, from which address. */
export interface SignInAlert {
  time: string;
  browser: string | null;
  system: string | null;
  ipAddress: string | null;
}

/**
 * A sign-in from a browser the account had not used (issue 52): where it came from, and the security
 * page, where the session can be signed out and the alerts turned off. The browser and system are
 * names the sessions list reads from the User-Agent, never its raw text.
 */
export const signInAlertEmail = (t: TFunction, to: string, alert: SignInAlert, url: string) =>
  actionMail(
    t,
    to,
    t('New sign-in to your Splikz account'),
    [
      t('Your Splikz account was just signed in to from a browser it had not used before.'),
      t('Time: {{time}}', { time: alert.time }),
      t('Browser: {{browser}}', { browser: alert.browser ?? t('Unknown browser') }),
      t('System: {{system}}', { system: alert.system ?? t('Unknown system') }),
      ...(alert.ipAddress ? [t('IP address: {{ip}}', { ip: alert.ipAddress })] : []),
      t('If this was you, there is nothing to do. If not, sign that session out and change your password.'),
      t('You can turn these emails off on the same page.'),
    ],
    t('Review where you are signed in'),
    url,
  );

/**
 * The language of a member's email: the one they chose in /settings/language, else the one the
 * page that asked for it was showing (its Accept-Language), else English.
 */
export async function mailLanguage(
  database: Database_,
  userId: string,
  request?: Request,
): Promise<Language> {
  const saved = await database.db
    .selectFrom('user_settings')
    .select('language')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (saved && isLanguageCode(saved.language)) return saved.language;
  return languageFromHeader(request?.headers.get('accept-language')) ?? DEFAULT_PREFERENCES.language;
}
