import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { cursorField, limitField, text } from './fields.ts';

/** Reports and the moderation queue (issue 14). Texts the server answers and the web shows. */

export const REPORT_TARGET_TYPES = ['post', 'comment', 'message', 'circle', 'member'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Reasons a member picks from, in the order the dialog lists them, with their labels. */
export const REPORT_REASONS = {
  spam: 'Spam or scam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  violence: 'Violence or threats',
  nudity: 'Nudity or sexual content',
  self_harm: 'Self-harm',
  misinformation: 'False information',
  impersonation: 'Pretending to be someone else',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
const REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

export const REPORT_DETAILS_MAX_LENGTH = 500;

export const REPORT_MESSAGES = {
  sent: 'Report sent',
  sentDescription: 'Thank you. Our moderators will review it.',
  notFound: 'That is no longer available to report.',
  self: 'You cannot report your own account or content.',
  badReason: 'Choose a reason for your report.',
  badType: 'That cannot be reported.',
  detailsNeeded: 'Tell us what is wrong.',
  reportNotFound: 'Report not found',
  badReportId: 'That is not a valid report id.',
  resolved: 'This report has already been handled.',
  cannotRemoveMember: 'A member cannot be removed from a report: suspend them instead.',
  cannotSuspendSelf: 'You cannot suspend yourself.',
  cannotSuspendAdmin: 'Admins cannot be suspended: revoke the admin role first.',
  suspended:
    'This account has been suspended. If you think this is a mistake, contact us through the Contact Us form.',
} as const;

export const REPORT_ERRORS = defineErrors({
  report_target_gone: REPORT_MESSAGES.notFound,
  report_self: REPORT_MESSAGES.self,
  report_reason_invalid: REPORT_MESSAGES.badReason,
  report_type_invalid: REPORT_MESSAGES.badType,
  report_details_needed: REPORT_MESSAGES.detailsNeeded,
  report_not_found: REPORT_MESSAGES.reportNotFound,
  report_id_invalid: REPORT_MESSAGES.badReportId,
  report_resolved: REPORT_MESSAGES.resolved,
  cannot_remove_member: REPORT_MESSAGES.cannotRemoveMember,
  cannot_suspend_self: REPORT_MESSAGES.cannotSuspendSelf,
  cannot_suspend_admin: REPORT_MESSAGES.cannotSuspendAdmin,
  account_suspended: REPORT_MESSAGES.suspended,
  report_status_invalid: 'status must be open or resolved.',
});
const { rule } = rulesOf(REPORT_ERRORS);

/** POST /api/reports */
export const createReportSchema = z
  .strictObject({
    target_type: z.enum(REPORT_TARGET_TYPES, rule('report_type_invalid')),
    target_id: text({ label: 'The reported item', min: 1, max: 64, trim: false }),
    reason: z.enum(REASON_KEYS, rule('report_reason_invalid')),
    details: z.optional(
      z.nullable(text({ label: 'Details', max: REPORT_DETAILS_MAX_LENGTH, multiline: true })),
    ),
  })
  .check(
    z.refine((input) => input.reason !== 'other' || Boolean(input.details?.trim()), {
      ...rule('report_details_needed'),
      path: ['details'],
    }),
  );
export type CreateReportInput = z.input<typeof createReportSchema>;

export interface ReportReceipt {
  id: string;
  status: ReportStatus;
}

export const REPORT_STATUSES = ['open', 'dismissed', 'removed', 'suspended'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** GET /api/admin/reports?status=open|resolved */
export const reportsQuerySchema = z.strictObject({
  status: z.optional(z.enum(['open', 'resolved'], rule('report_status_invalid'))),
  cursor: cursorField,
  limit: limitField(100),
});

/** A report as the moderation queue shows it. */
export interface QueueReport {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  /** Where the reported thing can be seen, when it has a page of its own. */
  target_path: string | null;
  /** False once the reported thing is gone (removed, or deleted by its author). */
  target_exists: boolean;
  excerpt: string;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  created_at: string;
  resolved_at: string | null;
  /** Open reports on the same thing, this one included. */
  open_reports: number;
  reporter: { id: string; username: string } | null;
  member: { id: string; username: string; full_name: string; suspended: boolean } | null;
}
export interface ReportsPage {
  reports: QueueReport[];
  next_cursor: string | null;
}

/** The answer to a moderation action: what the report (and every open report on that thing) became. */
export interface ModerationResult {
  status: ReportStatus;
  resolved: number;
}
