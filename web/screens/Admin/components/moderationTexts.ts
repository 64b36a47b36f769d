import type { ReportStatus, ReportTargetType } from '@common/schemas/reports.ts';

/** Texts of the moderation queue and of suspension, shared by the Reports and Members panels. */

export const TARGET_LABELS: Record<ReportTargetType, string> = {
  post: 'Post',
  comment: 'Comment',
  message: 'Message',
  circle: 'Circle',
  member: 'Member',
};

export const RESOLVED_LABELS: Record<Exclude<ReportStatus, 'open'>, string> = {
  dismissed: 'Dismissed',
  removed: 'Content removed',
  suspended: 'Member suspended',
};

/** What 'Remove content' does to each kind of thing (commands/moderation.ts), said before it happens. */
export const REMOVE_TEXTS: Record<Exclude<ReportTargetType, 'member'>, string> = {
  post: 'The post is deleted for everyone, with its likes and comments, and every open report on it closes. This cannot be undone.',
  comment: 'The comment is deleted for everyone and every open report on it closes. This cannot be undone.',
  message:
    "The message's text is replaced by a note saying a moderator removed it, and every open report on it closes. This cannot be undone.",
  circle: 'The circle ends for everyone in it and every open report on it closes.',
};

export const SUSPEND_TEXT =
  'They will not be able to sign in until an admin restores them. They are signed out everywhere at once, their live circles end, and their profile, posts and comments are hidden from everyone. Every open report against them closes.';

export const suspendTitle = (username: string) => `Suspend @${username}?`;

export function suspendedToast(username: string, resolved: number) {
  const closed = resolved ? ` ${resolved} open report${resolved === 1 ? '' : 's'} closed.` : '';
  return { title: 'Member suspended', description: `@${username} can no longer sign in.${closed}` };
}

export const suspendedBadgeClass =
  'rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-700';
