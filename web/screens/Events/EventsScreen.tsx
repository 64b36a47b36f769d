import { SEARCH_DEBOUNCE_MS } from '@common/limits.ts';
import { EVENT_TABS, type EventTab } from '@common/schemas/events.ts';
import { useDebounced } from '@web/components/useDebounced.ts';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { type EventFilters as Filters, useEvents } from '@web/queries/events.ts';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { Tabs } from '@web/ui/Tabs.tsx';
import { CalendarDays, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventCard, EventCardSkeletons } from './components/EventCard.tsx';
import { EventFilters, type EventFilterValues } from './components/EventFilters.tsx';
import { EVENT_TAB_EMPTY, EVENT_TAB_LABELS } from './components/eventTexts.ts';

const panelId = (tab: EventTab) => `events-panel-${tab}`;

/**
 * /events: Upcoming (soonest first), Going and Past (most recent first), filtered by category, a day
 * and a place ('Near me': a city or ZIP, asked once the member stops typing, or the device's location).
 */
export default function EventsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('Events'));
  const [tab, setTab] = useState<EventTab>('upcoming');
  const [values, setValues] = useState<EventFilterValues>({ category: '', date: '', near: '', point: null });
  const near = useDebounced(values.near.trim(), SEARCH_DEBOUNCE_MS);
  const filters: Filters = {
    tab,
    category: values.category || null,
    date: values.date || null,
    // The server needs two characters at least to look a place up.
    near: near.length >= 2 ? near : null,
    point: values.point,
  };

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-col gap-4 rounded-2xl bg-gradient-to-br from-brand-600 to-emerald-600 p-6 text-white shadow-sm sm:flex-row sm:items-end sm:justify-between sm:p-8">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-bold leading-tight sm:text-3xl">
            <CalendarDays aria-hidden="true" className="h-7 w-7" />
            {t('Events')}
          </h1>
          <p className="mt-2 text-brand-50">{t('Services, studies, supper clubs, shows and open mics.')}</p>
        </div>
        <Link
          to="/events/new"
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-white"
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('Create an Event')}
        </Link>
      </header>

      <Tabs
        tabs={EVENT_TABS.map((name) => [name, t(EVENT_TAB_LABELS[name])] as const)}
        current={tab}
        onChange={setTab}
        label={t('Events')}
        panelId={panelId}
      />
      <EventFilters values={values} onChange={setValues} />
      <div role="tabpanel" id={panelId(tab)} aria-labelledby={`${panelId(tab)}-tab`}>
        <EventList filters={filters} />
      </div>
    </main>
  );
}

function EventList({ filters }: { filters: Filters }) {
  const { t } = useTranslation();
  const list = useEvents(filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  if (list.isPending) return <EventCardSkeletons label={t('Loading events...')} />;
  if (list.isError && !list.data) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <p className="text-slate-700">{list.error.message}</p>
        <button type="button" onClick={() => list.refetch()} className={secondaryButtonClass}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  const events = list.data.pages.flatMap((page) => page.events);
  if (events.length === 0) return <EmptyState icon={CalendarDays} title={t(EVENT_TAB_EMPTY[filters.tab])} />;
  return (
    <div
      aria-busy={list.isPlaceholderData}
      className={`flex flex-col gap-4 transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
    >
      <ul aria-label={t(EVENT_TAB_LABELS[filters.tab])} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {events.map((event) => (
          <li key={`${event.id}:${event.starts_at}`} className="flex">
            <EventCard event={event} />
          </li>
        ))}
      </ul>
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-600">
          {list.error?.message}
        </p>
      ) : null}
      {hasNextPage ? (
        <button
          type="button"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
          className={`${secondaryButtonClass} self-center`}
        >
          {isFetchingNextPage ? t('Loading more events...') : t('Load more')}
        </button>
      ) : null}
    </div>
  );
}
