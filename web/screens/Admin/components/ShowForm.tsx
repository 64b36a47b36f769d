import { issueError } from '@common/errorTemplates.ts';
import {
  type AdminShow,
  SHOW_CITY_MAX_LENGTH,
  SHOW_LINK_MAX_LENGTH,
  SHOW_PERFORMER_MAX_LENGTH,
  SHOW_TITLE_MAX_LENGTH,
  SHOW_VENUE_MAX_LENGTH,
  showInputSchema,
} from '@common/schemas/admin.ts';
import { errorText } from '@web/i18n/errors.ts';
import { useSaveShow } from '@web/queries/admin.ts';
import { Field, FormError, fieldErrors } from '@web/ui/Field.tsx';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { rowClass } from './PanelStates.tsx';

type Key = 'title' | 'performer' | 'venue' | 'city' | 'show_date' | 'starts_at' | 'ticket_url';

/** '2026-12-05T20:30' in this browser's time zone, for a datetime-local input. */
function localDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Adds or edits a show. The date and time are the admin's local ones: the show is listed under that
 * date in 'Find Shows' and starts at that moment.
 */
export function ShowForm({ show, onDone }: { show: AdminShow | null; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveShow();
  const [title, setTitle] = useState(show?.title ?? '');
  const [performer, setPerformer] = useState(show?.performer ?? '');
  const [venue, setVenue] = useState(show?.venue ?? '');
  const [city, setCity] = useState(show?.city ?? '');
  const [when, setWhen] = useState(localDateTime(show?.starts_at ?? null));
  const [link, setLink] = useState(show?.ticket_url ?? '');
  const [errors, setErrors] = useState<Partial<Record<Key | 'form', string>>>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const moment = when ? new Date(when) : null;
    const parsed = showInputSchema.safeParse({
      title,
      performer: performer.trim() || null,
      venue,
      city,
      show_date: when.slice(0, 10),
      starts_at: moment && !Number.isNaN(moment.getTime()) ? moment.toISOString() : '',
      ticket_url: link.trim() || null,
    });
    if (!parsed.success) {
      const found = fieldErrors<Key>(parsed.error.issues);
      const whenError = when ? (found.show_date ?? found.starts_at) : t('The date and time are required.');
      const whole = parsed.error.issues.find((i) => i.path.length === 0);
      setErrors({ ...found, starts_at: whenError ?? (whole && errorText(issueError(whole))) });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: show?.id ?? null, input: parsed.data });
      toast.success(show ? t('Show updated') : t('Show added'));
      onDone();
    } catch (error) {
      setErrors({ form: (error as Error).message });
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className={`${rowClass} flex flex-col gap-3`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {show ? t('Edit show') : t('Add a show')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('Title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
          maxLength={SHOW_TITLE_MAX_LENGTH}
          required
        />
        <Field
          label={t('Performer (optional)')}
          value={performer}
          onChange={(e) => setPerformer(e.target.value)}
          error={errors.performer}
          maxLength={SHOW_PERFORMER_MAX_LENGTH}
        />
        <Field
          label={t('Venue')}
          value={venue}
          onChange={(e) => setVenue(e.target.value)}
          error={errors.venue}
          maxLength={SHOW_VENUE_MAX_LENGTH}
          required
        />
        <Field
          label={t('City')}
          value={city}
          onChange={(e) => setCity(e.target.value)}
          error={errors.city}
          maxLength={SHOW_CITY_MAX_LENGTH}
          required
        />
        <Field
          label={t('Date and time')}
          type="datetime-local"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          error={errors.starts_at}
          required
        />
        <Field
          label={t('Link (optional)')}
          type="url"
          value={link}
          onChange={(e) => setLink(e.target.value)}
          error={errors.ticket_url}
          placeholder="https://" // i18n-ignore: a URL scheme, the same in every language
          maxLength={SHOW_LINK_MAX_LENGTH}
        />
      </div>
      <FormError message={errors.form} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          {t('Cancel')}
        </button>
        <button type="submit" disabled={save.isPending} className={buttonClass}>
          {save.isPending ? t('Saving...') : show ? t('Save show') : t('Add show')}
        </button>
      </div>
    </form>
  );
}
