import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { useLiveCircles } from '@web/queries/circles.ts';
import { useSession } from '@web/queries/session.ts';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { linkButtonClass } from '@web/ui/styles.ts';
import { Plus, Radio, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCard, CircleCardSkeletons } from './components/CircleCard.tsx';
import { CIRCLE_KEYS } from './components/circleTexts.ts';

/**
 * /faithverse (spec section 2, first list version; DESIGN section 6): the live circles as cards
 * with member counts and 'Request to Join' where the host lets each guest in. Kept current live.
 */
export default function CirclesScreen() {
  const { t } = useTranslation();
  const viewerId = useSession().data?.id;
  const circles = useLiveCircles();
  useDocumentTitle('FaithVerse');

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-col gap-4 rounded-2xl bg-gradient-to-br from-brand-600 to-violet-600 p-6 text-white shadow-sm sm:flex-row sm:items-end sm:justify-between sm:p-8">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold uppercase tracking-wider text-brand-100">
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            FaithVerse
          </p>
          <h1 className="mt-2 text-2xl font-bold leading-tight sm:text-3xl">{t(CIRCLE_KEYS.listHeading)}</h1>
        </div>
        <Link
          to="/faithverse/new"
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-white"
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t(CIRCLE_KEYS.startCircle)}
        </Link>
      </header>

      <section aria-labelledby="circles-live" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="circles-live" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Radio aria-hidden="true" className="h-5 w-5 text-red-500" />
            {t('Active circles')}
          </h2>
          <Link to="/faithverse/home" className={`${linkButtonClass} text-sm`}>
            {t(CIRCLE_KEYS.homeHeading)}
          </Link>
        </div>
        {!circles.data ? (
          <CircleCardSkeletons label={t('Loading circles...')} />
        ) : circles.data.length === 0 ? (
          <EmptyState
            icon={Radio}
            title={t(CIRCLE_KEYS.noActive)}
            description={t('Start one and gather others in prayer and study.')}
          />
        ) : (
          <ul aria-label={t('Active circles')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {circles.data.map((circle) => (
              <li key={circle.id} className="flex">
                <CircleCard circle={circle} viewerId={viewerId} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
