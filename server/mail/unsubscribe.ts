import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click unsubscribe from notification emails without signing in: each email carries a link with
 * the member's id, the kind of email and an HMAC of both under the app's secret, so the link turns off
 * that one switch for that one member and nothing else.
 */
export const EMAIL_KINDS = {
  digest: 'email_new_posts',
  updates: 'email_updates',
  events: 'email_events',
  prayer: 'email_prayer',
  mentions: 'email_mentions',
} as const;
export type EmailKind = keyof typeof EMAIL_KINDS;

const sign = (secret: string, userId: string, kind: EmailKind) =>
  createHmac('sha256', secret).update(`unsubscribe:${kind}:${userId}`).digest('base64url');

export function unsubscribeUrl(publicUrl: string, secret: string, userId: string, kind: EmailKind): string {
  const url = new URL('/unsubscribe', publicUrl);
  url.searchParams.set('u', userId);
  url.searchParams.set('k', kind);
  url.searchParams.set('t', sign(secret, userId, kind));
  return url.toString();
}

/** The member and kind a link is for, when its signature holds; null for anything else. */
export function readUnsubscribeLink(
  secret: string,
  query: Record<string, unknown>,
): { userId: string; kind: EmailKind } | null {
  const { u, k, t } = query;
  if (typeof u !== 'string' || typeof k !== 'string' || typeof t !== 'string') return null;
  if (u.length > 64 || t.length > 64 || !Object.hasOwn(EMAIL_KINDS, k)) return null;
  const kind = k as EmailKind;
  const expected = Buffer.from(sign(secret, u, kind));
  const given = Buffer.from(t);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId: u, kind };
}

/** The headers that let mail clients offer their own Unsubscribe button (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
