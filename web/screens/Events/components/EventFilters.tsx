import { EVENT_CATEGORIES, type EventCategory } from '@common/schemas/events.ts';
import { msg } from '@web/i18n/msg.ts';
import { Field } from '@web/ui/Field.tsx';
import { SelectField } from '@web/ui/Select.tsx';
import { labelClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { LocateFixed, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_CATEGORY_LABELS } from './eventTexts.ts';

// About 100 m: enough to find what is near, without handing out where the member stands exactly.
const roundCoordinate = (value: number) => Math.round(value * 1000) / 1000;

export interface EventFilterValues {
  category: EventCategory | '';
  date: string;
  /** What the member typed in 'City or ZIP' (asked once they stop typing). */
  near: string;
  point: { lat: number; lng: number } | null;
}

/** Catalogue keys of what 'Use my location' may say, shown as t(key). */
const LOCATION_PROBLEMS = {
  denied: msg('Location permission was denied.'),
  timeout: msg('Finding your location took too long. Please try again.'),
  unavailable: msg('Your location is not available right now.'),
  unsupported: msg('This browser cannot share your location.'),
} as const;

/** The category, a day, and 'Near me': a city or ZIP, or the device's location. */
export function EventFilters({
  values,
  onChange,
}: {
  values: EventFilterValues;
  onChange: (values: EventFilterValues) => void;
}) {
  const { t } = useTranslation();
  const nearId = useId();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function locate() {
    if (!('geolocation' in navigator)) {
      setProblem(LOCATION_PROBLEMS.unsupported);
      return;
    }
    setProblem(null);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onChange({
          ...values,
          near: '',
          point: {
            lat: roundCoordinate(position.coords.latitude),
            lng: roundCoordinate(position.coords.longitude),
          },
        });
      },
      (error) => {
        setLocating(false);
        setProblem(
          error.code === error.PERMISSION_DENIED
            ? LOCATION_PROBLEMS.denied
            : error.code === error.TIMEOUT
              ? LOCATION_PROBLEMS.timeout
              : LOCATION_PROBLEMS.unavailable,
        );
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[12rem_11rem_minmax(0,1fr)] lg:items-start">
      <SelectField
        label={t('Category')}
        value={values.category}
        onChange={(category) => onChange({ ...values, category })}
        placeholder={t('All categories')}
        options={EVENT_CATEGORIES.map((option) => [option, t(EVENT_CATEGORY_LABELS[option])] as const)}
      />
      <Field
        label={t('Date')}
        type="date"
        value={values.date}
        onChange={(event) => onChange({ ...values, date: event.target.value })}
      />
      <fieldset className="flex min-w-0 flex-col gap-1 sm:col-span-2 lg:col-span-1">
        <legend className={`${labelClass} mb-1`}>{t('Near me')}</legend>
        <div className="flex flex-wrap gap-2">
          {values.point ? (
            <p className="inline-flex min-w-0 flex-1 items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
              <LocateFixed aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span className="truncate">{t('Near your location')}</span>
              <button
                type="button"
                onClick={() => onChange({ ...values, point: null })}
                aria-label={t('Clear location')}
                className="ml-auto rounded p-0.5 hover:bg-brand-100"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </p>
          ) : (
            <>
              <label htmlFor={nearId} className="sr-only">
                {t('City or ZIP')}
              </label>
              <input
                id={nearId}
                type="search"
                value={values.near}
                maxLength={100}
                placeholder={t('City or ZIP')}
                autoComplete="address-level2"
                onChange={(event) => onChange({ ...values, near: event.target.value })}
                className="min-w-[10rem] flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
              />
            </>
          )}
          <button type="button" onClick={locate} disabled={locating} className={secondaryButtonClass}>
            <LocateFixed aria-hidden="true" className="h-4 w-4" />
            {locating ? t('Finding your location...') : t('Use my location')}
          </button>
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-amber-800">
            {t(problem)}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
