import { EVENT_CATEGORIES, type UpdateEventInput } from '@common/schemas/events.ts';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { useCreateEvent, viewerTimeZone } from '@web/queries/events.ts';
import { useGroupList } from '@web/queries/groups.ts';
import { BackLink } from '@web/ui/BackLink.tsx';
import { SelectField } from '@web/ui/Select.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EventForm } from './components/EventForm.tsx';
import { emptyEventForm } from './components/eventForm.ts';
import { eventPagePath } from './components/eventTexts.ts';
import { defaultEventTimes } from './components/eventTimes.ts';

/**
 * /events/new (and /events/new?group=<slug> from a group's page, ?category=comedy from the Comedy Zone): the Create an Event form, starting
 * a day from now at the next full hour, in the browser's zone; the event may belong to one of the
 * member's groups.
 */
export default function NewEventScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('Create an Event'));
  const navigate = useNavigate();
  const create = useCreateEvent();
  const [params] = useSearchParams();
  // From the Comedy Zone's 'Add your show' (?category=comedy) the category starts chosen.
  const [initial] = useState(() => {
    const values = emptyEventForm(defaultEventTimes(), viewerTimeZone());
    const category = EVENT_CATEGORIES.find((c) => c === params.get('category'));
    return category ? { ...values, category } : values;
  });
  const groups = useGroupList('', null);
  const mine = groups.data?.mine ?? [];
  // Until the member picks one, the group is the one the address names (once the list has come).
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  const groupId = chosenGroup ?? mine.find((group) => group.slug === params.get('group'))?.id ?? '';

  async function save(input: UpdateEventInput) {
    const event = await create.mutateAsync({ ...input, group_id: groupId || null });
    toast.success(t('Event created!'));
    navigate(eventPagePath(event.id));
  }

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <div className="flex items-start gap-3">
        <BackLink to="/events" label={t('Back to Events')} className="mt-0.5" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{t('Create an Event')}</h1>
          <p className="mt-1 text-slate-600">{t('Services, studies, supper clubs, shows and open mics.')}</p>
        </div>
      </div>
      <EventForm
        label={t('Create an Event')}
        initial={initial}
        submitLabel={t('Create Event')}
        pendingLabel={t('Creating...')}
        save={save}
      >
        <SelectField
          label={t('Group')}
          value={groupId}
          onChange={setChosenGroup}
          placeholder={t('No group')}
          options={mine.map((group) => [group.id, group.name] as const)}
          disabled={create.isPending}
        />
      </EventForm>
    </main>
  );
}
