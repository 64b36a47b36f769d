import type { ReportStatus, ReportTargetType } from '@common/schemas/reports.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';

/**
 * Texts of the moderation queue and of suspension, shared by the Reports and Members panels. The tables
 * hold catalogue keys (msg); the panels translate them where they show them.
 */

export const TARGET_LABELS: Record<ReportTargetType, string> = {
  post: msg('Post'),
  comment: msg('Comment'),
  message: msg('Message'),
  circle: msg('Circle'),
  member: msg('Member'),
};

export { REASON_LABELS } from '@web/components/reportReasons.ts';

export const RESOLVED_LABELS: Record<Exclude<ReportStatus, 'open'>, string> = {
  dismissed: msg('Dismissed'),
  removed: msg('Content removed'),
  suspended: msg('Member suspended'),
};

/** The hidden end of a report's 'View' link: 'View the reported post'. */
export const VIEW_TEXTS: Record<ReportTargetType, string> = {
  post: msg('the reported post'),
  comment: msg('the reported comment'),
  message: msg('the reported message'),
  circle: msg('the reported circle'),
  member: msg('the reported member'),
};

/** The hidden end of the 'Gone' badge: 'Gone: the post was removed or deleted'. */
export const GONE_TEXTS: Record<ReportTargetType, string> = {
  post: msg('the post was removed or deleted'),
  comment: msg('the comment was removed or deleted'),
  message: msg('the message was removed or deleted'),
  circle: msg('the circle was removed or deleted'),
  member: msg('the member was removed or deleted'),
};

/** The title of the confirmation before 'Remove content'. */
export const REMOVE_TITLES: Record<ReportTargetType, string> = {
  post: msg('Remove this post?'),
  comment: msg('Remove this comment?'),
  message: msg('Remove this message?'),
  circle: msg('Remove this circle?'),
  member: msg('Remove this member?'),
};

/** The toast's description once the content is removed. */
export const REMOVED_TEXTS: Record<ReportTargetType, string> = {
  post: msg('The reported post is gone.'),
  comment: msg('The reported comment is gone.'),
  message: msg('The reported message is gone.'),
  circle: msg('The reported circle is gone.'),
  member: msg('The reported member is gone.'),
};

/** What 'Remove content' does to each kind of thing (commands/moderation.ts), said before it happens. */
export const REMOVE_TEXTS: Record<Exclude<ReportTargetType, 'member'>, string> = {
  post: msg(
    'The post is deleted for everyone, with its likes and comments, and every open report on it closes. This cannot be undone.',
  ),
  comment: msg(
    'The comment is deleted for everyone and every open report on it closes. This cannot be undone.',
  ),
  message: msg(
    "The message's text is replaced by a note saying a moderator removed it, and every open report on it closes. This cannot be undone.",
  ),
  circle: msg('The circle ends for everyone in it and every open report on it closes.'),
};

export const SUSPEND_TEXT = msg(
  'They will not be able to sign in until an admin restores them. They are signed out everywhere at once, their live circles end, and their profile, posts and comments are hidden from everyone. Every open report against them closes.',
);

export const suspendTitle = (username: string) => i18n.t('Suspend @{{username}}?', { username });

export function suspendedToast(username: string, resolved: number) {
  const description = resolved
    ? i18n.t('@{{username}} can no longer sign in. {{count}} open reports closed.', {
        username,
        count: resolved,
      })
    : i18n.t('@{{username}} can no longer sign in.', { username });
  return { title: i18n.t('Member suspended'), description };
}

export const suspendedBadgeClass =
  'rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-700';
