import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { useLiveCircles } from '@web/queries/circles.ts';
import { BackLink } from '@web/ui/BackLink.tsx';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { buttonClass } from '@web/ui/styles.ts';
import { Plus, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LiveDot } from './components/Badges.tsx';
import { CircleCardSkeletons } from './components/CircleCard.tsx';
import { CIRCLE_KEYS } from './components/circleTexts.ts';
import { LiveCircleCard } from './components/LiveCircleCard.tsx';

/**
 * /faithverse/home (spec section 2, second list version; DESIGN section 6): 'FaithVerse • Live
 * Circles' with its 'Live now' grid, two columns from sm up. Kept current live.
 */
export default function LiveCirclesScreen() {
  const { t } = useTranslation();
  const circles = useLiveCircles();
  useDocumentTitle(t('Live Circles'));

  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-wrap items-center gap-3">
        <BackLink to="/" label={t('Back to Home')} />
        <h1 className="min-w-0 flex-1 text-2xl font-bold text-slate-900">{t(CIRCLE_KEYS.homeHeading)}</h1>
        <Link to="/faithverse/new" className={`${buttonClass} w-full sm:w-auto`}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t(CIRCLE_KEYS.startCircle)}
        </Link>
      </header>

      <section aria-labelledby="live-now" className="flex flex-col gap-4">
        <h2 id="live-now" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <LiveDot />
          {t(CIRCLE_KEYS.liveNow)}
        </h2>
        {!circles.data ? (
          <CircleCardSkeletons count={2} columns="sm:grid-cols-2" label={t('Loading live circles...')} />
        ) : circles.data.length === 0 ? (
          <EmptyState icon={Radio} title={t(CIRCLE_KEYS.nothingLive)} />
        ) : (
          <ul aria-label={t(CIRCLE_KEYS.liveNow)} className="grid gap-4 sm:grid-cols-2">
            {circles.data.map((circle) => (
              <li key={circle.id} className="flex">
                <LiveCircleCard circle={circle} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
