import type { MeasureSystem } from '@common/recipes/quantities.ts';
import { RECIPE_SERVINGS_MAX } from '@common/schemas/recipes.ts';
import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseServings } from './recipeView.ts';

const stepButtonClass =
  'flex h-9 w-9 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * 'Servings': − / a number / +, from 1 to 100. What is typed counts once it is a whole number in
 * range; leaving the box puts back the last good one.
 */
export function ServingsControl({
  value,
  onChange,
}: {
  value: number;
  onChange: (servings: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // A change from outside (−, +) shows in the box.
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const set = (servings: number) => onChange(Math.min(RECIPE_SERVINGS_MAX, Math.max(1, servings)));
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('Servings')}
      </label>
      <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white">
        <button
          type="button"
          onClick={() => set(value - 1)}
          disabled={value <= 1}
          aria-label={t('Remove a serving')}
          className={stepButtonClass}
        >
          <Minus aria-hidden="true" className="h-4 w-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={RECIPE_SERVINGS_MAX}
          step={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            const servings = parseServings(event.target.value, RECIPE_SERVINGS_MAX);
            if (servings !== null) onChange(servings);
          }}
          onBlur={() => setText(String(value))}
          className="h-9 w-12 border-x border-slate-300 text-center text-slate-900 [appearance:textfield] focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          onClick={() => set(value + 1)}
          disabled={value >= RECIPE_SERVINGS_MAX}
          aria-label={t('Add a serving')}
          className={stepButtonClass}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}

/** 'US' / 'Metric': two buttons side by side, the chosen one pressed. */
export function UnitsToggle({
  value,
  onChange,
}: {
  value: MeasureSystem;
  onChange: (system: MeasureSystem) => void;
}) {
  const { t } = useTranslation();
  const options: Array<[MeasureSystem, string]> = [
    ['us', t('US')],
    ['metric', t('Metric')],
  ];
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 bg-slate-100 p-0.5">
      <legend className="sr-only">{t('Units')}</legend>
      {options.map(([system, label]) => (
        <button
          key={system}
          type="button"
          aria-pressed={value === system}
          onClick={() => onChange(system)}
          className={`min-w-16 rounded-md px-3 py-1.5 text-sm font-medium ${
            value === system ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
