import { Spinner } from '@web/components/Spinner.tsx';
import { currentLocale } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';
import { useDataSummary } from '@web/queries/settings.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const COUNTS = [
  ['posts', msg('Posts')],
  ['comments', msg('Comments')],
  ['likes', msg('Likes')],
  ['followers', msg('Followers')],
  ['following', msg('Following')],
  ['messages', msg('Messages')],
] as const;

const joinedOn = (iso: string) =>
  new Date(iso).toLocaleDateString(currentLocale(), { year: 'numeric', month: 'long', day: 'numeric' });

/** 'Review your data': a readable summary of what Splikz holds, loaded when asked for. */
export function DataReview() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const summary = useDataSummary(open);
  const id = useId();

  return (
    <div className="flex flex-col gap-4">
      <div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className={secondaryButtonClass}
        >
          {open ? t('Hide your data') : t('Review your data')}
        </button>
      </div>
      {open ? (
        <div id={id} aria-live="polite">
          {summary.data ? (
            <div className="flex flex-col gap-4">
              <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
                <div className="min-w-0">
                  <dt className="text-sm text-slate-500">{t('Email')}</dt>
                  <dd className="break-all font-medium text-slate-900">{summary.data.email}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-500">{t('Joined')}</dt>
                  <dd className="font-medium text-slate-900">{joinedOn(summary.data.created_at)}</dd>
                </div>
              </dl>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {COUNTS.map(([key, label]) => (
                  <div key={key} className="rounded-xl bg-slate-50 p-3">
                    <dt className="text-sm text-slate-500">{t(label)}</dt>
                    <dd className="text-2xl font-bold text-slate-900">{summary.data.counts[key]}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : summary.isError ? (
            <p role="alert" className="text-red-700">
              {summary.error.message}
            </p>
          ) : (
            <Spinner label={t('Loading your data...')} />
          )}
        </div>
      ) : null}
    </div>
  );
}
