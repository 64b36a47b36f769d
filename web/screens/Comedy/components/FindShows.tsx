import type { ComedyShow } from '@common/schemas/posts.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { currentLocale } from '@web/i18n/i18n.ts';
import { useComedyShows } from '@web/queries/posts.ts';
import { FieldLabel } from '@web/ui/Field.tsx';
import { buttonClass, cardClass, inputClass } from '@web/ui/styles.ts';
import { CalendarDays, MapPin, Ticket } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function today() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function ShowItem({ show }: { show: ComedyShow }) {
  const { t } = useTranslation();
  const starts = show.starts_at ? new Date(show.starts_at) : null;
  const ticketUrl = show.ticket_url && /^https?:\/\//i.test(show.ticket_url) ? show.ticket_url : null;
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">
          <Link to={`/events/${encodeURIComponent(show.id)}`} className="hover:underline">
            {show.title}
          </Link>
        </h3>
        {show.performer ? <p className="text-sm text-slate-700">{show.performer}</p> : null}
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-500">
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
            {show.venue || t('Online')}
            {show.city ? `, ${show.city}` : ''}
          </span>
          {starts && !Number.isNaN(starts.getTime()) ? (
            <time dateTime={show.starts_at!}>
              {new Intl.DateTimeFormat(currentLocale(), { timeStyle: 'short' }).format(starts)}
            </time>
          ) : null}
        </p>
      </div>
      {ticketUrl ? (
        <a
          href={ticketUrl}
          aria-label={t('Tickets for {{title}}', { title: show.title })}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex shrink-0 items-center gap-1 self-start rounded-lg bg-amber-100 px-3 py-1.5 text-sm font-medium text-amber-900 hover:bg-amber-200 sm:self-center"
        >
          <Ticket aria-hidden="true" className="h-4 w-4" />
          {t('Tickets')}
        </a>
      ) : null}
    </li>
  );
}

function ShowResults({ date }: { date: string }) {
  const { t } = useTranslation();
  const shows = useComedyShows(date);
  if (shows.isPending) return <Spinner label={t('Finding shows...')} />;
  if (shows.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {shows.error.message}
      </p>
    );
  }
  if (shows.data.length === 0) {
    return (
      <p className="text-slate-600">
        {t('No shows found for this date. Check back later or try another date!')}
      </p>
    );
  }
  return (
    <ul aria-label={t('Comedy shows')} className="flex flex-col gap-2">
      {shows.data.map((show) => (
        <ShowItem key={show.id} show={show} />
      ))}
    </ul>
  );
}

/** 'Find Shows': the comedy shows of a chosen date. */
export function FindShows() {
  const { t } = useTranslation();
  const id = useId();
  const [date, setDate] = useState(today);
  const [searched, setSearched] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (date) setSearched(date);
  }

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClass} flex flex-col gap-3 p-4`}>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarDays aria-hidden="true" className="h-5 w-5 text-amber-600" />
        {t('Find Shows')}
      </h2>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <FieldLabel htmlFor={id}>{t('Show date')}</FieldLabel>
          <input
            id={id}
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            required
            className={inputClass}
          />
        </div>
        <button type="submit" disabled={!date} className={buttonClass}>
          {t('Find Shows')}
        </button>
      </form>
      <div aria-live="polite">{searched ? <ShowResults date={searched} /> : null}</div>
      <p className="text-sm text-slate-600">
        {t('Hosting a show or an open mic?')}{' '}
        <Link to="/events/new?category=comedy" className="font-medium text-brand-700 hover:underline">
          {t('Add your show')}
        </Link>
      </p>
    </section>
  );
}
