import {
  EVENT_CAPACITY_MAX,
  EVENT_CATEGORIES,
  EVENT_DESCRIPTION_MAX,
  EVENT_LINK_MAX,
  EVENT_TITLE_MAX,
} from '@common/schemas/events.ts';
import { describedBy, Field, FieldLabel } from '@web/ui/Field.tsx';
import { SelectField } from '@web/ui/Select.tsx';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EventWhenFields } from './EventWhenFields.tsx';
import { EventWhereFields } from './EventWhereFields.tsx';
import type { EventFormErrors, EventFormValues } from './eventForm.ts';
import { EVENT_CATEGORY_LABELS } from './eventTexts.ts';

interface FieldsProps {
  values: EventFormValues;
  onChange: (values: EventFormValues) => void;
  errors: EventFormErrors;
  disabled: boolean;
}

/** Title, Description, the when, Category, the where, Capacity and Ticket link. */
export function EventFormFields({ values, onChange, errors, disabled }: FieldsProps) {
  const { t } = useTranslation();
  const set =
    <K extends keyof EventFormValues>(key: K) =>
    (value: EventFormValues[K]) =>
      onChange({ ...values, [key]: value });
  return (
    <>
      <TitleField value={values.title} onChange={set('title')} error={errors.title} disabled={disabled} />
      <TextareaField
        label={t('Description')}
        value={values.description}
        rows={4}
        maxLength={EVENT_DESCRIPTION_MAX}
        counter
        error={errors.description}
        disabled={disabled}
        onChange={(event) => set('description')(event.target.value)}
      />
      <EventWhenFields values={values} onChange={onChange} errors={errors} disabled={disabled} />
      <SelectField
        label={t('Category')}
        value={values.category}
        onChange={set('category')}
        placeholder={t('Select a category')}
        options={EVENT_CATEGORIES.map((option) => [option, t(EVENT_CATEGORY_LABELS[option])] as const)}
        error={errors.category}
        disabled={disabled}
      />
      <EventWhereFields values={values} onChange={onChange} errors={errors} disabled={disabled} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('Capacity')}
          type="number"
          name="capacity"
          inputMode="numeric"
          min={1}
          max={EVENT_CAPACITY_MAX}
          step={1}
          value={values.capacity}
          hint={t('Optional: leave empty for no limit.')}
          error={errors.capacity}
          disabled={disabled}
          onChange={(event) => set('capacity')(event.target.value)}
        />
        <Field
          label={t('Ticket link')}
          type="url"
          name="ticket_url"
          inputMode="url"
          value={values.ticket_url}
          maxLength={EVENT_LINK_MAX}
          hint={t('Optional')}
          error={errors.ticket_url}
          disabled={disabled}
          onChange={(event) => set('ticket_url')(event.target.value)}
        />
      </div>
    </>
  );
}

/** Title, required, with its length so far ('20/100'). */
function TitleField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <FieldLabel htmlFor={id}>{t('Title')}</FieldLabel>
      <input
        id={id}
        name="title"
        value={value}
        maxLength={EVENT_TITLE_MAX}
        aria-required="true"
        autoComplete="off"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-count`, error && `${id}-error`)}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
      />
      <div className="flex justify-between gap-2 text-sm">
        <p id={`${id}-error`} className="text-red-600">
          {error ?? ''}
        </p>
        <p id={`${id}-count`} className="shrink-0 text-slate-500">
          {value.length}/{EVENT_TITLE_MAX}
        </p>
      </div>
    </div>
  );
}
