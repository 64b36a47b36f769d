import { CIRCLE_TEXTS } from '@common/schemas/circles.ts';
import { linkButtonClass } from '@web/components/Field.tsx';
import { cardClass } from '@web/components/posts/labels.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { useLiveCircles } from '@web/queries/circles.ts';
import { LiveDot } from '@web/screens/FaithVerse/components/Badges.tsx';
import { Radio } from 'lucide-react';
import { Link } from 'react-router';

/** Enough for a side column; the rest are one click away on /faithverse. */
const SHOWN = 5;

/** Live FaithVerse Circles (spec section 2, Home's left column): the live list, compact, kept current. */
export function LiveCirclesCard() {
  const circles = useLiveCircles();
  return (
    <section aria-labelledby="live-circles" className={`${cardClass} p-4`}>
      <h2 id="live-circles" className="mb-3 flex items-center gap-2 font-semibold text-slate-900">
        <Radio aria-hidden="true" className="h-5 w-5 text-red-500" />
        {CIRCLE_TEXTS.homeColumn}
      </h2>
      {!circles.data ? (
        <Spinner label="Loading live circles..." />
      ) : circles.data.length === 0 ? (
        <p className="text-sm text-slate-500">{CIRCLE_TEXTS.nothingLive}</p>
      ) : (
        <ul aria-label={CIRCLE_TEXTS.homeColumn} className="-mx-2 flex flex-col gap-1">
          {circles.data.slice(0, SHOWN).map((circle) => (
            <li key={circle.id}>
              <Link
                to={`/faithverse/c/${encodeURIComponent(circle.id)}`}
                className="flex items-start gap-2.5 rounded-xl p-2 hover:bg-slate-50"
              >
                <span className="mt-1.5">
                  <LiveDot />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="sr-only">Live: </span>
                  <span className="line-clamp-2 break-words text-sm font-semibold text-slate-900">
                    {circle.title}
                  </span>
                  <span className="block truncate text-xs text-slate-500">
                    <span className="sr-only">, hosted by </span>@{circle.host.username}
                    <span aria-hidden="true"> • </span>
                    <span className="sr-only">, </span>
                    {circle.faith}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/faithverse" className={`${linkButtonClass} mt-3 inline-block text-sm`}>
        {circles.data && circles.data.length > SHOWN ? 'See all live circles' : 'Explore FaithVerse'}
      </Link>
    </section>
  );
}
