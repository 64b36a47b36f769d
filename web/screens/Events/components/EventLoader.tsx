import type { CommunityEvent } from '@common/schemas/events.ts';
import { ApiError } from '@web/api/client.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { useEvent } from '@web/queries/events.ts';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_KEYS } from './eventTexts.ts';

/** An event (as of `occurrence`, or its next one) once loaded; 'Event not found', or the failure with Try again. */
export function EventLoader({
  id,
  occurrence,
  children,
}: {
  id: string;
  occurrence: string | null;
  children: (event: CommunityEvent) => ReactNode;
}) {
  const { t } = useTranslation();
  const event = useEvent(id, occurrence);

  if (event.isPending) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-10">
        <Spinner label={t('Loading event...')} />
      </main>
    );
  }
  if (event.isError) {
    const missing = event.error instanceof ApiError && event.error.status === 404;
    return (
      <main className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">
          {missing ? t(EVENT_KEYS.notFound) : t('Could not load this event')}
        </h1>
        {missing ? null : (
          <p role="alert" className="text-slate-600">
            {event.error.message}
          </p>
        )}
        <div className="flex flex-wrap justify-center gap-2">
          {missing ? null : (
            <button type="button" onClick={() => event.refetch()} className={secondaryButtonClass}>
              {t('Try again')}
            </button>
          )}
          <Link to="/events" className={buttonClass}>
            {t('Back to Events')}
          </Link>
        </div>
      </main>
    );
  }
  return children(event.data);
}
