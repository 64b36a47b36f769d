import { type CommunityEvent, EVENT_ERRORS, type UpdateEventInput } from '@common/schemas/events.ts';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { errorText } from '@web/i18n/errors.ts';
import { useUpdateEvent } from '@web/queries/events.ts';
import { BackLink } from '@web/ui/BackLink.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EventForm } from './components/EventForm.tsx';
import { EventLoader } from './components/EventLoader.tsx';
import { eventFormFrom } from './components/eventForm.ts';
import { eventPagePath } from './components/eventTexts.ts';

/** /events/{id}/edit (the host and the group's admins): the form again, prefilled from the event. */
export default function EditEventScreen() {
  const { id } = useParams();
  if (!id) return <Navigate to="/events" replace />;
  return (
    <EventLoader key={id} id={id} occurrence={null}>
      {(event) => <EditEvent event={event} />}
    </EventLoader>
  );
}

function EditEvent({ event }: { event: CommunityEvent }) {
  const { t } = useTranslation();
  useDocumentTitle(t('Edit event'));
  const navigate = useNavigate();
  const update = useUpdateEvent(event.id);
  const [initial] = useState(() => eventFormFrom(event));

  async function save(input: UpdateEventInput) {
    await update.mutateAsync(input);
    toast.success(t('Event updated'));
    navigate(eventPagePath(event.id));
  }

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <div className="flex items-start gap-3">
        <BackLink to={eventPagePath(event.id)} label={t('Back to the event')} className="mt-0.5" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{t('Edit event')}</h1>
          <p className="mt-1 break-words text-slate-600">{event.title}</p>
        </div>
      </div>
      {event.viewer.may_manage ? (
        <EventForm
          label={t('Edit event')}
          initial={initial}
          coverUrl={event.cover_url}
          submitLabel={t('Save changes')}
          pendingLabel={t('Saving...')}
          save={save}
        />
      ) : (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorText({ code: 'event_hosts_only', message: EVENT_ERRORS.event_hosts_only })}
        </p>
      )}
    </main>
  );
}
