import type { CommunityEvent } from '@common/schemas/events.ts';
import { currentLocale } from '@web/i18n/i18n.ts';
import { CalendarDays, Globe, MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { coverColors, eventPagePath } from './eventTexts.ts';
import { formatEventStart } from './eventTimes.ts';

/** One event in a list; the whole card opens it (its title is the link, stretched over the card). */
export function EventCard({ event }: { event: CommunityEvent }) {
  const { t } = useTranslation();
  const online = event.place !== 'in_person';
  const PlaceIcon = online ? Globe : MapPin;
  return (
    <article className="relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-200 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-500 has-[a:focus-visible]:ring-offset-2">
      <div className="relative">
        {event.cover_url ? (
          <img src={event.cover_url} alt="" loading="lazy" className="h-28 w-full object-cover" />
        ) : (
          <div
            aria-hidden="true"
            className={`h-28 w-full bg-gradient-to-br ${coverColors(event.category)}`}
          />
        )}
        {event.cancelled ? (
          <span className="absolute top-2 left-2 rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-semibold text-white">
            {t('Cancelled')}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex items-center gap-1.5 text-sm font-semibold text-brand-700">
          <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0" />
          <time dateTime={event.starts_at}>{formatEventStart(event.starts_at, currentLocale())}</time>
        </p>
        <h3 className="break-words text-lg font-semibold leading-snug text-slate-900">
          <Link
            to={eventPagePath(event.id)}
            className='rounded-sm after:absolute after:inset-0 after:rounded-2xl after:content-[""] focus:outline-none'
          >
            {event.title}
          </Link>
        </h3>
        <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600">
          <PlaceIcon aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="truncate">{online ? t('Online') : event.venue}</span>
        </p>
        {event.group ? (
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600">
            <Users aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="truncate">{event.group.name}</span>
          </p>
        ) : null}
        <p className="mt-auto pt-1 text-sm font-medium text-slate-700">
          {t('{{count}} going', { count: event.going_count })}
        </p>
      </div>
    </article>
  );
}

/** Grey stand-ins for cards while a list loads. */
export function EventCardSkeletons({ label }: { label: string }) {
  return (
    <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((n) => (
        <div
          key={n}
          aria-hidden="true"
          className="flex animate-pulse flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white motion-reduce:animate-none"
        >
          <div className="h-28 bg-slate-200" />
          <div className="flex flex-col gap-3 p-4">
            <div className="h-4 w-1/3 rounded bg-slate-100" />
            <div className="h-5 w-3/4 rounded bg-slate-200" />
            <div className="h-4 w-1/2 rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
