import type { Post } from '@common/schemas/posts.ts';
import { PRAYER_EXPIRY_WARN_DAYS } from '@common/schemas/prayer.ts';
import { i18n } from '@web/i18n/i18n.ts';

/**
 * An anonymous request seen by anyone but its author: the server sent 'A member' with no id, avatar
 * or username, so the card shows no profile link, photo or actions on the author.
 */
export function hidesAuthor(post: Pick<Post, 'author' | 'prayer'>, meId: string | undefined): boolean {
  return post.prayer?.anonymous === true && post.author.id !== meId;
}

/** The author's name as the viewer may see it ('A member' in the language shown for a hidden one). */
export function authorName(post: Pick<Post, 'author' | 'prayer'>, meId: string | undefined): string {
  if (hidesAuthor(post, meId)) return i18n.t('A member');
  return post.author.full_name || post.author.username;
}

/**
 * 'Still need prayer?': an unanswered request that expired, or expires within the warning days
 * (the author is then offered 'Keep praying').
 */
export function needsRenewal(prayer: Post['prayer'], now = Date.now()): boolean {
  if (!prayer || prayer.answered_at) return false;
  if (prayer.expired) return true;
  if (!prayer.expires_at) return false;
  return Date.parse(prayer.expires_at) - now <= PRAYER_EXPIRY_WARN_DAYS * 86_400_000;
}
