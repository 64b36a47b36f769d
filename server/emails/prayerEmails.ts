import { escapeHtml } from '@server/http/escapeHtml.ts';
import { savedLanguage, translator } from '@server/i18n/translate.ts';
import type { MailMessage } from '@server/mail/mailer.ts';
import { footer } from '@server/mail/notificationEmails.ts';
import { unsubscribeHeaders, unsubscribeUrl } from '@server/mail/unsubscribe.ts';
import { notSuspended } from '@server/policies/blocks.ts';
import type { TFunction } from 'i18next';
import { sql } from 'kysely';
import type { EventEmailContext } from './eventEmails.ts';

/**
 * The daily prayer reminder by email: how many requests are on the list and a link to it, where each
 * has 'I prayed'. It names no request's text or author: an email leaves Splikz, and a request for
 * friends or a group, or an anonymous one, must not.
 */
export function prayerReminderEmail(
  t: TFunction,
  to: string,
  count: number,
  url: string,
  unsubscribe: string,
) {
  const subject = t('Time to pray');
  const line = t('Requests on your prayer list: {{count}}', { count });
  const end = footer(t, t('You get this email because Prayer is on under Email Notifications.'), unsubscribe);
  const message: MailMessage = {
    to,
    subject,
    text: [line, '', url, ...end.text].join('\n'),
    html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t('Open my prayer list'))}</a></p>${end.html}`,
    headers: unsubscribeHeaders(unsubscribe),
  };
  return message;
}

/** Sends it when the member has Prayer on under Email Notifications and a confirmed address. */
export async function sendPrayerReminderEmail(ctx: EventEmailContext, userId: string, count: number) {
  const member = await ctx.database.db
    .selectFrom('user')
    .leftJoin('user_settings', 'user_settings.user_id', 'user.id')
    .select(['user.id', 'user.email', 'user_settings.language'])
    .where('user.id', '=', userId)
    .where('user.emailVerified', '=', true)
    .where(sql<boolean>`coalesce(user_settings.email_prayer, ${sql.lit(true)})`)
    .where(notSuspended('user.id'))
    .executeTakeFirst();
  if (!member) return false;
  const t = translator(savedLanguage(member.language));
  const url = new URL('/prayer/list', ctx.config.publicUrl).toString();
  const unsubscribe = unsubscribeUrl(ctx.config.publicUrl, ctx.config.authSecret, member.id, 'prayer');
  try {
    await ctx.mailer.send(prayerReminderEmail(t, member.email, count, url, unsubscribe));
    return true;
  } catch (error) {
    ctx.log.error({ userId: member.id, err: error }, 'prayer reminder email failed');
    return false;
  }
}
