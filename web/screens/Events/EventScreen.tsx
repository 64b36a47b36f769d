import type { CommunityEvent } from '@common/schemas/events.ts';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { eventPath } from '@web/queries/events.ts';
import { BackLink } from '@web/ui/BackLink.tsx';
import { buttonClass, cardClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Ban, CalendarPlus, Share2, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EventDetails } from './components/EventDetails.tsx';
import { EventLoader } from './components/EventLoader.tsx';
import { EventManage } from './components/EventManage.tsx';
import { EventAttendance, EventRsvpButtons } from './components/EventRsvp.tsx';
import { coverColors, EVENT_CATEGORY_LABELS, isOver } from './components/eventTexts.ts';

/** /events/{id}?occurrence=<start>: an event, as of one of its dates when it repeats weekly. */
export default function EventScreen() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  if (!id) return <Navigate to="/events" replace />;
  const occurrence = params.get('occurrence');
  return (
    <EventLoader key={id} id={id} occurrence={occurrence}>
      {(event) => (
        <EventPage
          event={event}
          onPickOccurrence={(startsAt) => setParams({ occurrence: startsAt }, { replace: true })}
        />
      )}
    </EventLoader>
  );
}

function EventPage({
  event,
  onPickOccurrence,
}: {
  event: CommunityEvent;
  onPickOccurrence: (startsAt: string) => void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(event.title);
  const over = isOver(event);
  const answering = !event.cancelled && !over;

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <div className="flex items-start gap-3">
        <BackLink to="/events" label={t('Back to Events')} className="mt-0.5" />
        <div className="flex min-w-0 flex-col gap-1">
          <span className="w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
            {t(EVENT_CATEGORY_LABELS[event.category])}
          </span>
          <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{event.title}</h1>
        </div>
      </div>

      {event.cover_url ? (
        <img src={event.cover_url} alt="" className="h-44 w-full rounded-2xl object-cover sm:h-64" />
      ) : (
        <div
          aria-hidden="true"
          className={`h-24 w-full rounded-2xl bg-gradient-to-br sm:h-32 ${coverColors(event.category)}`}
        />
      )}

      {event.cancelled ? (
        <div role="status" className="flex items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4">
          <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-600" />
          <div className="min-w-0">
            <p className="font-semibold text-red-800">{t('Cancelled')}</p>
            <p className="whitespace-pre-wrap break-words text-sm text-red-700">{event.cancelled.reason}</p>
          </div>
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className={`${cardClass} p-4 sm:p-6`}>
          <EventDetails event={event} onPickOccurrence={onPickOccurrence} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:self-start">
          <div className={`${cardClass} flex flex-col gap-4 p-4`}>
            {answering ? (
              <EventRsvpButtons key={event.starts_at} event={event} />
            ) : over && !event.cancelled ? (
              <p className="text-sm font-medium text-slate-600">{t('This event has ended')}</p>
            ) : null}
            <EventAttendance event={event} />
          </div>
          <EventLinks event={event} />
          {event.viewer.may_manage ? <EventManage event={event} over={over} /> : null}
        </div>
      </div>
    </main>
  );
}

/** Get tickets, Add to calendar (the .ics file) and Share (the page's address, copied). */
function EventLinks({ event }: { event: CommunityEvent }) {
  const { t } = useTranslation();

  async function share() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success(t('Link copied'));
    } catch {
      toast.error(t('Could not copy the link'));
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {event.ticket_url && !event.cancelled ? (
        <a
          href={event.ticket_url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonClass} flex-1`}
        >
          <Ticket aria-hidden="true" className="h-4 w-4" />
          {t('Get tickets')}
        </a>
      ) : null}
      <a href={eventPath(event.id, '/calendar.ics')} download className={`${secondaryButtonClass} flex-1`}>
        <CalendarPlus aria-hidden="true" className="h-4 w-4" />
        {t('Add to calendar')}
      </a>
      <button type="button" onClick={() => void share()} className={`${secondaryButtonClass} flex-1`}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        {t('Share')}
      </button>
    </div>
  );
}
