import type { REPORT_REASONS } from '@common/schemas/reports.ts';
import { msg } from '@web/i18n/msg.ts';

/**
 * The report reasons of common/schemas/reports.ts as catalogue keys, for the report dialog and the
 * moderation queue; `satisfies` keeps their wording the same as the shared list's.
 */
export const REASON_LABELS = {
  spam: msg('Spam or scam'),
  harassment: msg('Harassment or bullying'),
  hate: msg('Hate speech'),
  violence: msg('Violence or threats'),
  nudity: msg('Nudity or sexual content'),
  self_harm: msg('Self-harm'),
  misinformation: msg('False information'),
  impersonation: msg('Pretending to be someone else'),
  other: msg('Something else'),
} as const satisfies typeof REPORT_REASONS;
