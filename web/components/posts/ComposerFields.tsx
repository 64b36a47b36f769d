import { FEELINGS, FOOD_CATEGORIES, PRAYER_TYPES } from '@common/options.ts';
import { LOCATION_NAME_MAX_LENGTH, RECIPE_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import { msg } from '@web/i18n/msg.ts';
import { SelectField } from '@web/ui/Select.tsx';
import { inputClass, labelClass } from '@web/ui/styles.ts';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { LocateFixed, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEELING_EMOJI, optionLabel } from './labels.ts';

export interface Coords {
  lat: number;
  lng: number;
}

/** A select of option values (common/options.ts), shown by their labels; '' is `none`. */
function OptionSelect({
  label,
  value,
  onChange,
  options,
  none,
  emoji,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  none: string;
  emoji?: Record<string, string>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label}
      value={value}
      onChange={onChange}
      options={options.map((o) => [o, `${emoji?.[o] ? `${emoji[o]} ` : ''}${t(optionLabel(o))}`] as const)}
      placeholder={none}
      disabled={disabled}
    />
  );
}

export function FeelingSelect(props: { value: string; onChange: (v: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <OptionSelect
      label={t('Feeling')}
      none={t('No feeling')}
      options={FEELINGS}
      emoji={FEELING_EMOJI}
      {...props}
    />
  );
}

export function PrayerTypeSelect(props: { value: string; onChange: (v: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <OptionSelect label={t('Prayer type')} none={t('Select prayer type')} options={PRAYER_TYPES} {...props} />
  );
}

export function FoodCategorySelect(props: {
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <OptionSelect
      label={t('Food category')}
      none={t('Select food category')}
      options={FOOD_CATEGORIES}
      {...props}
    />
  );
}

/** The plain-text recipe of before issue 28, now a food post's 'Notes' (beside or instead of a recipe). */
export function RecipeField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="sm:col-span-2">
      <TextareaField
        label={t('Notes')}
        value={value}
        rows={3}
        maxLength={RECIPE_MAX_LENGTH}
        disabled={disabled}
        placeholder={t('Tips, swaps or the story behind the dish (optional)')}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The key (for t()) of the sentence explaining why the location could not be found. */
function geolocationMessage(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return msg('Location permission was denied.');
  if (error.code === error.TIMEOUT) return msg('Finding your location took too long. Please try again.');
  return msg('Your location is not available right now.');
}

/** A place name, and optionally the device's coordinates ('Use my location'). */
export function LocationField({
  name,
  onNameChange,
  coords,
  onCoordsChange,
  disabled,
}: {
  name: string;
  onNameChange: (v: string) => void;
  coords: Coords | null;
  onCoordsChange: (coords: Coords | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  // `text` is a key, translated when shown.
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [locating, setLocating] = useState(false);

  function locate() {
    if (!('geolocation' in navigator)) {
      setStatus({ text: msg('This browser cannot share your location.'), error: true });
      return;
    }
    setLocating(true);
    setStatus(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onCoordsChange({ lat: position.coords.latitude, lng: position.coords.longitude });
        setStatus({ text: msg('Location added'), error: false });
      },
      (error) => {
        setLocating(false);
        setStatus({ text: geolocationMessage(error), error: true });
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  }

  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label htmlFor={id} className={labelClass}>
        {t('Location')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          value={name}
          disabled={disabled}
          maxLength={LOCATION_NAME_MAX_LENGTH}
          placeholder={t('Where are you?')}
          onChange={(e) => onNameChange(e.target.value)}
          className={`${inputClass} min-w-[10rem] flex-1`}
        />
        {coords ? (
          <button
            type="button"
            disabled={disabled}
            onClick={() => {
              onCoordsChange(null);
              setStatus(null);
            }}
            className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50"
          >
            <X aria-hidden="true" className="h-4 w-4" />
            {t('Remove my location')}
          </button>
        ) : (
          <button
            type="button"
            disabled={disabled || locating}
            onClick={locate}
            className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-60"
          >
            <LocateFixed aria-hidden="true" className="h-4 w-4" />
            {locating ? t('Locating...') : t('Use my location')}
          </button>
        )}
      </div>
      <p role="status" className={`text-sm ${status?.error ? 'text-red-600' : 'text-emerald-700'}`}>
        {status ? t(status.text) : null}
      </p>
    </div>
  );
}
