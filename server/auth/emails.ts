import type { MailMessage } from '@server/mail/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Our words and our link only: nothing a member chose (their name can hold line breaks of old, or a
 * URL) is put where it could read as an instruction or be turned into a link by the mail client.
 */
function actionMail(to: string, subject: string, lines: string[], action: string, url: string) {
  const greeting = 'Hello,';
  const text = [greeting, '', ...lines, '', `${action}: ${url}`, '', '— Splikz'].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>— Splikz</p>`;
  return { to, subject, text, html } satisfies MailMessage;
}

export const confirmationEmail = (to: string, url: string) =>
  actionMail(
    to,
    'Confirm your Splikz account',
    [
      'Welcome to Splikz! Please confirm your email address to finish creating your account.',
      'The link is valid for 24 hours. If you did not sign up, you can ignore this email.',
    ],
    'Confirm your email',
    url,
  );

export const resetPasswordEmail = (to: string, url: string) =>
  actionMail(
    to,
    'Reset your Splikz password',
    [
      'Someone asked to reset the password of your Splikz account.',
      'The link is valid for 1 hour. Setting a new password signs you out everywhere else.',
      'If it was not you, you can ignore this email: your password stays the same.',
    ],
    'Set a new password',
    url,
  );
