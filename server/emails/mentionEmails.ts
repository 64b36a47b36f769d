import { escapeHtml } from '@server/http/escapeHtml.ts';
import { savedLanguage, translator } from '@server/i18n/translate.ts';
import type { MailMessage } from '@server/mail/mailer.ts';
import { footer } from '@server/mail/notificationEmails.ts';
import { unsubscribeHeaders, unsubscribeUrl } from '@server/mail/unsubscribe.ts';
import { notHiddenFrom, notSuspended } from '@server/policies/blocks.ts';
import type { TFunction } from 'i18next';
import { sql } from 'kysely';
import type { EventEmailContext } from './eventEmails.ts';

/** An email a command asks for after its commit (commands/run.ts `after.email`). */
export type MailEvent = { kind: 'mention'; userId: string; fromUserId: string; postId: string };

/**
 * '<name> mentioned you': who and a link to the post, never the post's words (an email leaves
 * Splikz, and a post for friends or a group must not).
 */
export function mentionEmail(t: TFunction, to: string, name: string, url: string, unsubscribe: string) {
  const subject = t('{{name}} mentioned you', { name });
  const line = t('{{name}} mentioned you on Splikz.', { name });
  const end = footer(
    t,
    t('You get this email because Mentions is on under Email Notifications.'),
    unsubscribe,
  );
  const message: MailMessage = {
    to,
    subject,
    text: [line, '', url, ...end.text].join('\n'),
    html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t('View post'))}</a></p>${end.html}`,
    headers: unsubscribeHeaders(unsubscribe),
  };
  return message;
}

/**
 * Sends each email whose member has Mentions on under Email Notifications, a confirmed address, and
 * is neither suspended nor blocked either way with the sender. Never throws: a failure is logged.
 */
export async function sendMailEvents(ctx: EventEmailContext, events: MailEvent[]): Promise<void> {
  for (const event of events) {
    try {
      const sender = await ctx.database.db
        .selectFrom('profiles')
        .select(['full_name', 'username'])
        .where('id', '=', event.fromUserId)
        .where(notSuspended('profiles.id'))
        .executeTakeFirst();
      if (!sender) continue;
      const member = await ctx.database.db
        .selectFrom('user')
        .leftJoin('user_settings', 'user_settings.user_id', 'user.id')
        .select(['user.id', 'user.email', 'user_settings.language'])
        .where('user.id', '=', event.userId)
        .where('user.emailVerified', '=', true)
        .where(sql<boolean>`coalesce(user_settings.email_mentions, ${sql.lit(true)})`)
        .where(notHiddenFrom(event.fromUserId, 'user.id'))
        .executeTakeFirst();
      if (!member) continue;
      const t = translator(savedLanguage(member.language));
      const url = new URL(`/post/${encodeURIComponent(event.postId)}`, ctx.config.publicUrl).toString();
      const unsubscribe = unsubscribeUrl(ctx.config.publicUrl, ctx.config.authSecret, member.id, 'mentions');
      const name = sender.full_name || `@${sender.username}`;
      await ctx.mailer.send(mentionEmail(t, member.email, name, url, unsubscribe));
    } catch (error) {
      ctx.log.error({ userId: event.userId, err: error }, 'mention email failed');
    }
  }
}
