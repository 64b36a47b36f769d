import { currentLocale } from '@web/i18n/i18n.ts';
import { useSoonEvents } from '@web/queries/events.ts';
import { formatEventStart } from '@web/screens/Events/components/eventTimes.ts';
import { cardClass, linkButtonClass } from '@web/ui/styles.ts';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Home's left column never shows more (the server sends at most this many). */
const SHOWN = 3;

/**
 * Upcoming events (Home's left column): the next events the member goes to or their groups hold. Not
 * there at all while it loads, when there are none, or when they could not be loaded.
 */
export function UpcomingEventsCard() {
  const { t } = useTranslation();
  const soon = useSoonEvents();
  const events = soon.data?.events.slice(0, SHOWN) ?? [];
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-events" className={`${cardClass} p-4`}>
      <h2 id="upcoming-events" className="mb-3 flex items-center gap-2 font-semibold text-slate-900">
        <CalendarDays aria-hidden="true" className="h-5 w-5 text-brand-600" />
        {t('Upcoming events')}
      </h2>
      <ul className="-mx-2 flex flex-col gap-1">
        {events.map((event) => (
          <li key={`${event.id}:${event.starts_at}`}>
            <Link
              to={`/events/${encodeURIComponent(event.id)}`}
              className="flex flex-col rounded-xl p-2 hover:bg-slate-50"
            >
              <time dateTime={event.starts_at} className="text-xs font-semibold text-brand-700">
                {formatEventStart(event.starts_at, currentLocale())}
              </time>
              <span className="line-clamp-2 break-words text-sm font-semibold text-slate-900">
                {event.title}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/events" className={`${linkButtonClass} mt-3 inline-block text-sm`}>
        {t('See all')}
      </Link>
    </section>
  );
}
