import type { CIRCLE_TEXTS } from '@common/schemas/circles.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { msg } from '@web/i18n/msg.ts';
import { useLiveCircles } from '@web/queries/circles.ts';
import { faithLabel, LiveDot } from '@web/screens/FaithVerse/components/Badges.tsx';
import { cardClass, linkButtonClass } from '@web/ui/styles.ts';
import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Enough for a side column; the rest are one click away on /faithverse. */
const SHOWN = 5;

/*
 * The catalogue keys of the CIRCLE_TEXTS this card shows (common/ cannot mark its texts with msg()).
 * Typed against CIRCLE_TEXTS: a change of wording there fails the type check until it is made here too.
 */
const CIRCLE_KEYS = {
  homeColumn: msg('Live FaithVerse Circles'),
  nothingLive: msg('Nothing live right now.'),
} as const satisfies { [K in keyof typeof CIRCLE_TEXTS]?: (typeof CIRCLE_TEXTS)[K] };

/** Live FaithVerse Circles (spec section 2, Home's left column): the live list, compact, kept current. */
export function LiveCirclesCard() {
  const { t } = useTranslation();
  const circles = useLiveCircles();
  return (
    <section aria-labelledby="live-circles" className={`${cardClass} p-4`}>
      <h2 id="live-circles" className="mb-3 flex items-center gap-2 font-semibold text-slate-900">
        <Radio aria-hidden="true" className="h-5 w-5 text-red-500" />
        {t(CIRCLE_KEYS.homeColumn)}
      </h2>
      {!circles.data ? (
        <Spinner label={t('Loading live circles...')} />
      ) : circles.data.length === 0 ? (
        <p className="text-sm text-slate-500">{t(CIRCLE_KEYS.nothingLive)}</p>
      ) : (
        <ul aria-label={t(CIRCLE_KEYS.homeColumn)} className="-mx-2 flex flex-col gap-1">
          {circles.data.slice(0, SHOWN).map((circle) => {
            const faith = t(faithLabel(circle.faith));
            return (
              <li key={circle.id}>
                <Link
                  to={`/faithverse/c/${encodeURIComponent(circle.id)}`}
                  className="flex items-start gap-2.5 rounded-xl p-2 hover:bg-slate-50"
                >
                  <span className="mt-1.5">
                    <LiveDot />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="sr-only">
                      {t('Live: {{title}}, hosted by @{{username}}, {{faith}}', {
                        title: circle.title,
                        username: circle.host.username,
                        faith,
                      })}
                    </span>
                    <span
                      aria-hidden="true"
                      className="line-clamp-2 break-words text-sm font-semibold text-slate-900"
                    >
                      {circle.title}
                    </span>
                    <span aria-hidden="true" className="block truncate text-xs text-slate-500">
                      @{circle.host.username}
                      <span> • </span>
                      {faith}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/faithverse" className={`${linkButtonClass} mt-3 inline-block text-sm`}>
        {circles.data && circles.data.length > SHOWN ? t('See all live circles') : t('Explore FaithVerse')}
      </Link>
    </section>
  );
}
