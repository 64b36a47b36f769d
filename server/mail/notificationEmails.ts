import { escapeHtml } from '@server/http/escapeHtml.ts';
import type { MailMessage } from '@server/mail/mailer.ts';
import type { TFunction } from 'i18next';
import { unsubscribeHeaders } from './unsubscribe.ts';

/** A post as the digest lists it: who wrote it, the start of its text, its address. */
export interface DigestPost {
  author: string;
  excerpt: string;
  url: string;
}

export const excerptOf = (content: string, max = 140) => {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Why the member gets the email, and the one-click way out, in text and HTML. */
export function footer(t: TFunction, reason: string, unsubscribe: string) {
  return {
    text: ['', '—', reason, `${t('Unsubscribe')}: ${unsubscribe}`],
    html: `<hr><p style="color:#5d6f88;font-size:13px">${escapeHtml(reason)} <a href="${escapeHtml(unsubscribe)}">${escapeHtml(t('Unsubscribe'))}</a></p>`,
  };
}

/**
 * The daily 'New posts' email. Members' words go in as text only (escaped in HTML), after our own
 * words, so a post cannot pose as an instruction from Splikz.
 */
export function digestEmail(
  t: TFunction,
  to: string,
  posts: DigestPost[],
  total: number,
  homeUrl: string,
  unsubscribe: string,
): MailMessage {
  const intro = t('New posts from people you follow on Splikz:');
  const more =
    total > posts.length ? t('and {{count}} more on Splikz', { count: total - posts.length }) : null;
  const end = footer(
    t,
    t('You get this email because New posts is on under Email Notifications.'),
    unsubscribe,
  );
  const text = [
    intro,
    '',
    ...posts.flatMap((p) => [`${p.author}: ${p.excerpt}`, p.url, '']),
    ...(more ? [`${more}: ${homeUrl}`] : []),
    ...end.text,
  ].join('\n');
  const html = `<p>${escapeHtml(intro)}</p><ul>${posts
    .map(
      (p) =>
        `<li><strong>${escapeHtml(p.author)}</strong>: ${escapeHtml(p.excerpt)} <a href="${escapeHtml(p.url)}">${escapeHtml(t('View post'))}</a></li>`,
    )
    .join(
      '',
    )}</ul>${more ? `<p><a href="${escapeHtml(homeUrl)}">${escapeHtml(more)}</a></p>` : ''}${end.html}`;
  return {
    to,
    subject: t('{{count}} new posts from people you follow', { count: total }),
    text,
    html,
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** An announcement an admin wrote, sent to members with Updates on. */
export function announcementEmail(
  t: TFunction,
  to: string,
  announcement: { subject: string; body: string },
  unsubscribe: string,
): MailMessage {
  const end = footer(
    t,
    t('You get this email because Updates is on under Email Notifications.'),
    unsubscribe,
  );
  const paragraphs = announcement.body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    to,
    subject: announcement.subject,
    text: [announcement.body, ...end.text].join('\n'),
    html: `${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('')}${end.html}`,
    headers: unsubscribeHeaders(unsubscribe),
  };
}
