import type { QueueReport } from '@common/schemas/reports.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  GONE_TEXTS,
  REASON_LABELS,
  RESOLVED_LABELS,
  suspendedBadgeClass,
  TARGET_LABELS,
  VIEW_TEXTS,
} from './moderationTexts.ts';
import { formatDateTime, rowClass } from './PanelStates.tsx';

const smallButton = secondaryButtonClass.replace('px-4 py-2', 'px-3 py-1.5 text-sm');
const dangerButton =
  'inline-flex items-center justify-center rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60';

export type CardAction = 'dismiss' | 'remove' | 'suspend';

/**
 * One report in the queue: what was reported and why, by whom, about whom, and (while open) what the
 * admin can do about it. A handled report says what became of it.
 */
export function ReportCard({
  report,
  busy,
  onAction,
}: {
  report: QueueReport;
  busy: boolean;
  onAction: (action: CardAction) => void;
}) {
  const { t } = useTranslation();
  const type = t(TARGET_LABELS[report.target_type]);
  const open = report.status === 'open';
  const { member, reporter } = report;
  return (
    <li className={`${rowClass} flex flex-col gap-2`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
          {type}
        </span>
        <p className="font-semibold text-slate-900">{t(REASON_LABELS[report.reason])}</p>
        {open && report.open_reports > 0 ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
            {t('{{count}} reports', { count: report.open_reports })}
          </span>
        ) : null}
        <time dateTime={report.created_at} className="ml-auto text-xs text-slate-500">
          {formatDateTime(report.created_at)}
        </time>
      </div>
      {report.excerpt ? (
        <blockquote className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 px-3 py-2 text-slate-800">
          {report.excerpt}
        </blockquote>
      ) : null}
      {report.details ? (
        <p className="whitespace-pre-wrap break-words text-sm text-slate-700">
          <span className="font-medium">{t('Details:')}</span> {report.details}
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-600 sm:grid-cols-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-1">
          <dt>{t('Member:')}</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-x-2">
            {member ? (
              <>
                <Link
                  to={`/profile/${encodeURIComponent(member.username)}`}
                  className="break-all font-medium text-slate-900 hover:underline"
                >
                  @{member.username}
                </Link>
                {member.suspended ? <span className={suspendedBadgeClass}>{t('Suspended')}</span> : null}
              </>
            ) : (
              t('a deleted account')
            )}
          </dd>
        </div>
        <div className="flex min-w-0 flex-wrap gap-x-1">
          <dt>{t('Reported by:')}</dt>
          <dd className="break-all">{reporter ? `@${reporter.username}` : t('a deleted account')}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        {report.target_path ? (
          <Link to={report.target_path} className="text-sm font-medium text-brand-600 hover:underline">
            {t('View')}
            <span className="sr-only"> {t(VIEW_TEXTS[report.target_type])}</span>
          </Link>
        ) : null}
        {report.target_exists ? null : (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
            {t('Gone')}
            <span className="sr-only">: {t(GONE_TEXTS[report.target_type])}</span>
          </span>
        )}
        {open ? (
          <div className="ml-auto flex flex-wrap justify-end gap-2">
            <button type="button" disabled={busy} onClick={() => onAction('dismiss')} className={smallButton}>
              {t('Dismiss')}
            </button>
            {report.target_type !== 'member' ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => onAction('remove')}
                className={smallButton.replace('text-slate-700', 'text-red-700')}
              >
                {t('Remove content')}
              </button>
            ) : null}
            {member && !member.suspended ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => onAction('suspend')}
                className={dangerButton}
              >
                {t('Suspend member')}
              </button>
            ) : null}
          </div>
        ) : (
          <p className="ml-auto text-sm text-slate-600">
            <span className="font-medium text-slate-800">
              {t(RESOLVED_LABELS[report.status as keyof typeof RESOLVED_LABELS])}
            </span>
            {report.resolved_at ? ` · ${formatDateTime(report.resolved_at)}` : null}
          </p>
        )}
      </div>
    </li>
  );
}
