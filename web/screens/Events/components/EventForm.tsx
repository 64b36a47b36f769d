import { EVENT_ERRORS, type UpdateEventInput, updateEventSchema } from '@common/schemas/events.ts';
import { errorText } from '@web/i18n/errors.ts';
import { fileKind, mediaProblem } from '@web/media/files.ts';
import { UploadProgress } from '@web/media/UploadProgress.tsx';
import { useUpload } from '@web/media/useUpload.ts';
import { FormError, fieldErrors } from '@web/ui/Field.tsx';
import { buttonClass, cardClass } from '@web/ui/styles.ts';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventCoverField } from './EventCoverField.tsx';
import { EventFormFields } from './EventFormFields.tsx';
import {
  type EventFormErrors,
  type EventFormField,
  type EventFormValues,
  eventFormProblems,
  eventInputOf,
  formFieldErrors,
  placeEventRefusal,
} from './eventForm.ts';

const coverProblem = (file: File) =>
  fileKind(file) !== 'photo'
    ? errorText({ code: 'event_cover_not_photo', message: EVENT_ERRORS.event_cover_not_photo })
    : mediaProblem(file);

/** The fields a refusal of the server's can stand by (anything else shows under the form). */
const FIELDS: EventFormField[] = [
  'title',
  'description',
  'starts_local',
  'ends_local',
  'time_zone',
  'repeat',
  'repeat_until',
  'category',
  'where',
  'venue',
  'address',
  'online_url',
  'capacity',
  'ticket_url',
  'cover',
];

/**
 * The Create an Event and Edit event form: checks what it can before sending (the shared schema and
 * the server's cross-field rules), uploads a new cover, then hands the input to `save`. A refusal of
 * the server's stands by its field, else under the form. `children` go before the button (the group).
 */
export function EventForm({
  label,
  initial,
  coverUrl = null,
  submitLabel,
  pendingLabel,
  save,
  children,
}: {
  label: string;
  initial: EventFormValues;
  coverUrl?: string | null;
  submitLabel: string;
  pendingLabel: string;
  save: (input: UpdateEventInput) => Promise<void>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const cover = useUpload({ check: coverProblem });
  const [values, setValues] = useState(initial);
  const [keptCover, setKeptCover] = useState(coverUrl);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = phase !== 'idle';

  // A refused submit takes the keyboard (and the view) to the first field to fix.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function refuse(found: EventFormErrors) {
    setErrors(found);
    setRefusals((count) => count + 1);
  }

  async function chooseCover(file: File) {
    const problem = await cover.choose(file);
    setErrors(({ cover: _, ...rest }) => (problem ? { ...rest, cover: problem } : rest));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The server checks the same; this only saves a trip and puts the message by its field.
    const parsed = updateEventSchema.safeParse(eventInputOf(values));
    const found = {
      ...eventFormProblems(values),
      ...(parsed.success ? {} : formFieldErrors(fieldErrors<string>(parsed.error.issues))),
    };
    if (!parsed.success || Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    const input: UpdateEventInput = parsed.data;
    setErrors({});
    setFormError(null);
    if (cover.file) {
      setPhase('uploading');
      try {
        input.cover_media_id = (await cover.upload()).id;
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setFormError((error as Error).message);
        setPhase('idle');
        return;
      }
    } else if (coverUrl && !keptCover) {
      input.cover_media_id = null;
    }
    setPhase('saving');
    try {
      await save(input);
    } catch (error) {
      cover.forgetIfInvalid(error);
      const refusal = placeEventRefusal(error, FIELDS);
      if (refusal.field) refuse({ [refusal.field]: refusal.message });
      else setFormError(refusal.message);
      setPhase('idle');
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className={`${cardClass} flex flex-col gap-5 p-4 sm:p-6`}
    >
      <EventFormFields values={values} onChange={setValues} errors={errors} disabled={busy} />
      <EventCoverField
        cover={cover}
        currentUrl={keptCover}
        onRemoveCurrent={() => setKeptCover(null)}
        onChoose={(file) => void chooseCover(file)}
        error={errors.cover}
        disabled={busy}
      />
      {children}
      {phase === 'uploading' ? <UploadProgress percent={cover.progress ?? 0} /> : null}
      <FormError message={formError} />
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <button type="submit" disabled={busy} className={`${buttonClass} w-full sm:w-auto`}>
          {phase === 'uploading' ? t('Uploading...') : phase === 'saving' ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
