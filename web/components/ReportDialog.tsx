import {
  createReportSchema,
  REPORT_DETAILS_MAX_LENGTH,
  type REPORT_MESSAGES,
  type ReportReason,
  type ReportTargetType,
} from '@common/schemas/reports.ts';
import { msg } from '@web/i18n/msg.ts';
import { useReport } from '@web/queries/reports.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { FormError, fieldErrors } from '@web/ui/Field.tsx';
import { FormActions } from '@web/ui/FormActions.tsx';
import { labelClass } from '@web/ui/styles.ts';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { REASON_LABELS } from './reportReasons.ts';

const REASONS = Object.entries(REASON_LABELS) as [ReportReason, string][];

/** The toast once a report is sent (REPORT_MESSAGES.sent and .sentDescription), as catalogue keys. */
const SENT = msg('Report sent') satisfies typeof REPORT_MESSAGES.sent;
const SENT_DESCRIPTION = msg(
  'Thank you. Our moderators will review it.',
) satisfies typeof REPORT_MESSAGES.sentDescription;

/** Titles for the things callers name in `what`; anything else (a member's name) is 'Report {{what}}'. */
const TITLES: Partial<Record<string, string>> = {
  post: msg('Report post'),
  comment: msg('Report comment'),
  message: msg('Report message'),
  circle: msg('Report circle'),
};

type Errors = Partial<Record<'reason' | 'details' | 'form', string>>;

/**
 * 'Report {what}': a reason (and, for 'Something else', what is wrong), sent to the moderators.
 * Mount it to open it; closing returns focus to what had it (the menu button or the Report button).
 */
export function ReportDialog({
  target,
  what,
  onClose,
}: {
  target: { type: ReportTargetType; id: string };
  /** What the title names: 'post', 'comment', 'circle', or the member's name. */
  what: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const report = useReport();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const detailsRequired = reason === 'other';
  const title = TITLES[what];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (report.isPending) return;
    // The shared schema gives the same sentences the server would answer.
    const parsed = createReportSchema.safeParse({
      target_type: target.type,
      target_id: target.id,
      reason,
      details: details.trim() || null,
    });
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Errors>(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await report.mutateAsync(parsed.data);
    } catch (error) {
      setErrors({ form: (error as Error).message });
      return;
    }
    toast.success(t(SENT), { description: t(SENT_DESCRIPTION) });
    onClose();
  }

  return (
    <Dialog
      onClose={onClose}
      className="max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <DialogHeader
          title={title ? t(title) : t('Report {{what}}', { what })}
          description={t('Our moderators review every report. Nobody is told who sent it.')}
        />
        <fieldset
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          className="flex flex-col gap-1"
        >
          <legend className={`${labelClass} mb-1`}>{t('Why are you reporting this?')}</legend>
          {REASONS.map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-slate-800 hover:bg-slate-50 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="h-4 w-4 accent-brand-600"
              />
              {t(label)}
            </label>
          ))}
          {errors.reason ? (
            <p id={`${id}-reason-error`} className="text-sm text-red-600">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        <TextareaField
          label={detailsRequired ? t('Details (required)') : t('Details (optional)')}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          rows={3}
          required={detailsRequired}
          error={errors.details}
          counter
          placeholder={
            detailsRequired ? t('Tell us what is wrong') : t('Anything the moderators should know')
          }
        />
        <FormError message={errors.form} />
        <FormActions
          onCancel={onClose}
          submitLabel={t('Submit report')}
          submittingLabel={t('Sending...')}
          submitting={report.isPending}
          wrap
        />
      </form>
    </Dialog>
  );
}
