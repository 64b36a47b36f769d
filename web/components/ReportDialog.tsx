import {
  createReportSchema,
  REPORT_DETAILS_MAX_LENGTH,
  type REPORT_MESSAGES,
  type ReportReason,
  type ReportTargetType,
} from '@common/schemas/reports.ts';
import { msg } from '@web/i18n/msg.ts';
import { useReport } from '@web/queries/reports.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { buttonClass, FormError, fieldErrors, secondaryButtonClass } from './Field.tsx';
import { inputClass } from './posts/labels.ts';
import { Modal } from './posts/Modal.tsx';
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
 * Mount it to open it. Closing returns focus to what had it when the dialog opened (the menu button or
 * the Report button), since the modal's backdrop leaves the page unfocusable while it is shown.
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
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const detailsRequired = reason === 'other';
  const title = TITLES[what];

  function close() {
    onClose();
    // After React has unmounted the dialog: until then the page behind it is inert.
    setTimeout(() => opener?.isConnected && opener.focus(), 0);
  }

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
    close();
  }

  return (
    <Modal
      onClose={close}
      labelledBy={`${id}-title`}
      className="max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <div>
          <h2 id={`${id}-title`} className="break-words text-lg font-bold text-slate-900">
            {title ? t(title) : t('Report {{what}}', { what })}
          </h2>
          <p className="text-sm text-slate-600">
            {t('Our moderators review every report. Nobody is told who sent it.')}
          </p>
        </div>
        <fieldset
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          className="flex flex-col gap-1"
        >
          <legend className="mb-1 text-sm font-medium text-slate-700">
            {t('Why are you reporting this?')}
          </legend>
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
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-details`} className="text-sm font-medium text-slate-700">
            {detailsRequired ? t('Details (required)') : t('Details (optional)')}
          </label>
          <textarea
            id={`${id}-details`}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            rows={3}
            required={detailsRequired}
            aria-invalid={errors.details ? true : undefined}
            aria-describedby={`${id}-count${errors.details ? ` ${id}-details-error` : ''}`}
            placeholder={
              detailsRequired ? t('Tell us what is wrong') : t('Anything the moderators should know')
            }
            className={`${inputClass} resize-y aria-[invalid=true]:border-red-500`}
          />
          <div className="flex justify-between gap-2 text-sm">
            <p id={`${id}-details-error`} className="text-red-600">
              {errors.details ?? ''}
            </p>
            <p id={`${id}-count`} className="shrink-0 text-slate-500">
              {details.length}/{REPORT_DETAILS_MAX_LENGTH}
            </p>
          </div>
        </div>
        <FormError message={errors.form} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={close} className={secondaryButtonClass}>
            {t('Cancel')}
          </button>
          <button type="submit" disabled={report.isPending} className={buttonClass}>
            {report.isPending ? t('Sending...') : t('Submit report')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
