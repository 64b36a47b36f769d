import { secondaryButtonClass } from '@web/components/Field.tsx';
import { Spinner } from '@web/components/Spinner.tsx';
import { useDataSummary } from '@web/queries/settings.ts';
import { useId, useState } from 'react';

const COUNTS = [
  ['posts', 'Posts'],
  ['comments', 'Comments'],
  ['likes', 'Likes'],
  ['followers', 'Followers'],
  ['following', 'Following'],
  ['messages', 'Messages'],
] as const;

const joinedOn = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** 'Review your data': a readable summary of what Splikz holds, loaded when asked for. */
export function DataReview() {
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
          {open ? 'Hide your data' : 'Review your data'}
        </button>
      </div>
      {open ? (
        <div id={id} aria-live="polite">
          {summary.data ? (
            <div className="flex flex-col gap-4">
              <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
                <div className="min-w-0">
                  <dt className="text-sm text-slate-500">Email</dt>
                  <dd className="break-all font-medium text-slate-900">{summary.data.email}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-500">Joined</dt>
                  <dd className="font-medium text-slate-900">{joinedOn(summary.data.created_at)}</dd>
                </div>
              </dl>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {COUNTS.map(([key, label]) => (
                  <div key={key} className="rounded-xl bg-slate-50 p-3">
                    <dt className="text-sm text-slate-500">{label}</dt>
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
            <Spinner label="Loading your data..." />
          )}
        </div>
      ) : null}
    </div>
  );
}
