import { EVENT_ADDRESS_MAX, EVENT_LINK_MAX, EVENT_VENUE_MAX } from '@common/schemas/events.ts';
import { Field } from '@web/ui/Field.tsx';
import { labelClass } from '@web/ui/styles.ts';
import { Globe, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventFormErrors, EventFormValues } from './eventForm.ts';

const choiceClass =
  'flex cursor-pointer items-center gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:border-brand-200 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60';

function Choice({
  name,
  checked,
  onSelect,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className={choiceClass}>
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className="h-4 w-4 shrink-0 accent-brand-600 focus:outline-none"
      />
      {children}
    </label>
  );
}

/** Where: 'In person' (Venue, Address) or 'Online' (a FaithVerse circle, or a Link). */
export function EventWhereFields({
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
  const set = (change: Partial<EventFormValues>) => onChange({ ...values, ...change });
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" disabled={disabled}>
      <legend className={`${labelClass} mb-1`}>{t('Where')}</legend>
      <div className="grid grid-cols-2 gap-2">
        <Choice
          name="where"
          checked={values.where === 'in_person'}
          onSelect={() => set({ where: 'in_person' })}
        >
          <MapPin aria-hidden="true" className="h-4 w-4 text-slate-500" />
          {t('In person')}
        </Choice>
        <Choice name="where" checked={values.where === 'online'} onSelect={() => set({ where: 'online' })}>
          <Globe aria-hidden="true" className="h-4 w-4 text-slate-500" />
          {t('Online')}
        </Choice>
      </div>
      {errors.where ? <p className="text-sm text-red-600">{errors.where}</p> : null}
      {values.where === 'in_person' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('Venue')}
            name="venue"
            value={values.venue}
            maxLength={EVENT_VENUE_MAX}
            aria-required="true"
            autoComplete="off"
            error={errors.venue}
            onChange={(event) => set({ venue: event.target.value })}
          />
          <Field
            label={t('Address')}
            name="address"
            value={values.address}
            maxLength={EVENT_ADDRESS_MAX}
            autoComplete="street-address"
            error={errors.address}
            onChange={(event) => set({ address: event.target.value })}
          />
        </div>
      ) : (
        <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl bg-slate-50 p-3">
          <legend className="sr-only">{t('Online')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            <Choice
              name="online"
              checked={values.online === 'circle'}
              onSelect={() => set({ online: 'circle' })}
            >
              {t('FaithVerse circle')}
            </Choice>
            <Choice name="online" checked={values.online === 'link'} onSelect={() => set({ online: 'link' })}>
              {t('Link')}
            </Choice>
          </div>
          {values.online === 'circle' ? (
            <p className="text-sm text-slate-600">{t('A FaithVerse circle opens when the event starts.')}</p>
          ) : (
            <Field
              label={t('Link')}
              type="url"
              name="online_url"
              value={values.online_url}
              maxLength={EVENT_LINK_MAX}
              inputMode="url"
              aria-required="true"
              error={errors.online_url}
              onChange={(event) => set({ online_url: event.target.value })}
            />
          )}
        </fieldset>
      )}
    </fieldset>
  );
}
