import { EVENT_REPEATS, type EventRepeat } from '@common/schemas/events.ts';
import { msg } from '@web/i18n/msg.ts';
import { Field } from '@web/ui/Field.tsx';
import { SelectField } from '@web/ui/Select.tsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventFormErrors, EventFormValues } from './eventForm.ts';
import { addMinutesLocal, minutesBetween, timeZoneOptions, zoneName } from './eventTimes.ts';

const REPEAT_LABELS: Record<EventRepeat, string> = {
  none: msg('Does not repeat'),
  weekly: msg('Weekly'),
};

/** Starts, Ends, Time zone, Repeats and (weekly) Until: wall-clock times in the chosen zone. */
export function EventWhenFields({
  values,
  onChange,
  errors,
  disabled,
}: {
  values: EventFormValues;
  onChange: (values: EventFormValues) => void;
  errors: EventFormErrors;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZoneOptions(values.time_zone), [values.time_zone]);

  // A new start keeps the length the event had, so the end never falls before it.
  function changeStart(starts_local: string) {
    const length = minutesBetween(values.starts_local, values.ends_local);
    const ends_local =
      starts_local && Number.isFinite(length) && length > 0
        ? addMinutesLocal(starts_local, length)
        : values.ends_local;
    onChange({ ...values, starts_local, ends_local });
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t('Starts')}
        type="datetime-local"
        name="starts_local"
        value={values.starts_local}
        required
        error={errors.starts_local}
        disabled={disabled}
        onChange={(event) => changeStart(event.target.value)}
      />
      <Field
        label={t('Ends')}
        type="datetime-local"
        name="ends_local"
        value={values.ends_local}
        min={values.starts_local || undefined}
        required
        error={errors.ends_local}
        disabled={disabled}
        onChange={(event) => onChange({ ...values, ends_local: event.target.value })}
      />
      <div className="sm:col-span-2">
        <SelectField
          label={t('Time zone')}
          value={values.time_zone}
          onChange={(time_zone) => onChange({ ...values, time_zone: time_zone || values.time_zone })}
          options={zones.map((zone) => [zone, zoneName(zone)] as const)}
          error={errors.time_zone}
          disabled={disabled}
        />
      </div>
      <SelectField
        label={t('Repeats')}
        value={values.repeat}
        onChange={(repeat) => onChange({ ...values, repeat: repeat || 'none' })}
        options={EVENT_REPEATS.map((repeat) => [repeat, t(REPEAT_LABELS[repeat])] as const)}
        error={errors.repeat}
        disabled={disabled}
      />
      {values.repeat === 'weekly' ? (
        <Field
          label={t('Until')}
          type="date"
          name="repeat_until"
          value={values.repeat_until}
          min={values.starts_local.slice(0, 10) || undefined}
          required
          error={errors.repeat_until}
          disabled={disabled}
          onChange={(event) => onChange({ ...values, repeat_until: event.target.value })}
        />
      ) : null}
    </div>
  );
}
