import type { Database_ } from '@server/db/database.ts';
import { escapeHtml } from '@server/http/escapeHtml.ts';
import { savedLanguage, translator } from '@server/i18n/translate.ts';
import type { Log } from '@server/log.ts';
import type { Mailer, MailMessage } from '@server/mail/mailer.ts';
import { footer } from '@server/mail/notificationEmails.ts';
import { unsubscribeHeaders, unsubscribeUrl } from '@server/mail/unsubscribe.ts';
import { notSuspended } from '@server/policies/blocks.ts';
import type { TFunction } from 'i18next';
import { sql } from 'kysely';

/** What an event email says: a reminder ('24h' or '1h' before), or the host's message to those going. */
export type EventEmail =
  | { kind: 'reminder'; within: '24h' | '1h' }
  | { kind: 'message'; from: string; text: string };

export interface EventEmailContext {
  database: Pick<Database_, 'db'>;
  log: Log;
  mailer: Mailer;
  config: { publicUrl: string; authSecret: string };
}

/**
 * One event email. The host's words go in as text only (escaped in HTML), after our own words, so a
 * message cannot pose as an instruction from Splikz.
 */
export function eventEmail(
  t: TFunction,
  to: string,
  event: { title: string; url: string },
  email: EventEmail,
  unsubscribe: string,
): MailMessage {
  const subject =
    email.kind === 'message'
      ? t('{{name}} wrote to those going to {{title}}', { name: email.from, title: event.title })
      : email.within === '24h'
        ? t('{{title}} starts in 24 hours', { title: event.title })
        : t('{{title}} starts in 1 hour', { title: event.title });
  const end = footer(t, t('You get this email because Events is on under Email Notifications.'), unsubscribe);
  const body = email.kind === 'message' ? email.text : '';
  const text = [subject, '', ...(body ? [body, ''] : []), event.url, ...end.text];
  const html = `<p>${escapeHtml(subject)}</p>${
    body ? `<p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>` : ''
  }<p><a href="${escapeHtml(event.url)}">${escapeHtml(t('View event'))}</a></p>${end.html}`;
  return { to, subject, text: text.join('\n'), html, headers: unsubscribeHeaders(unsubscribe) };
}

/**
 * Emails an event's news to the members named who have Events on under Email Notifications (on unless
 * they turned it off) and a confirmed address. Sent after the commit; a failed email is logged.
 */
export async function sendEventEmails(
  ctx: EventEmailContext,
  userIds: string[],
  event: { id: string; title: string },
  email: EventEmail,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const { db } = ctx.database;
  let sent = 0;
  for (let start = 0; start < userIds.length; start += 500) {
    const members = await db
      .selectFrom('user')
      .leftJoin('user_settings', 'user_settings.user_id', 'user.id')
      .select(['user.id', 'user.email', 'user_settings.language'])
      .where('user.id', 'in', userIds.slice(start, start + 500))
      .where('user.emailVerified', '=', true)
      .where(sql<boolean>`coalesce(user_settings.email_events, ${sql.lit(true)})`)
      .where(notSuspended('user.id'))
      .execute();
    for (const member of members) {
      const t = translator(savedLanguage(member.language));
      const url = new URL(`/events/${event.id}`, ctx.config.publicUrl).toString();
      const unsubscribe = unsubscribeUrl(ctx.config.publicUrl, ctx.config.authSecret, member.id, 'events');
      try {
        await ctx.mailer.send(eventEmail(t, member.email, { title: event.title, url }, email, unsubscribe));
        sent += 1;
      } catch (error) {
        ctx.log.error({ userId: member.id, err: error }, 'event email failed');
      }
    }
  }
  return sent;
}
