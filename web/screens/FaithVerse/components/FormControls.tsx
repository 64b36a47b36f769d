import { inputClass } from '@web/components/posts/labels.ts';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';

const labelClass = 'text-sm font-medium text-slate-700';

/** A labelled <select>; its error is tied to it for screen readers. */
export function SelectField<V extends string>({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  disabled,
}: {
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  options: ReadonlyArray<readonly [value: V, label: string]>;
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value as V | '')}
        className={`${inputClass} aria-[invalid=true]:border-red-500`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type Choice<V extends string> = {
  value: V;
  label: string;
  description?: string;
  icon?: LucideIcon;
};

/**
 * Radio buttons drawn as tiles: a fieldset named by its legend, one <label> per choice, arrow keys
 * move between them as with any radio group.
 */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  onChange,
  choices,
  disabled,
  columns = 'sm:grid-cols-3',
}: {
  legend: string;
  name: string;
  value: V;
  onChange: (value: V) => void;
  choices: ReadonlyArray<Choice<V>>;
  disabled?: boolean;
  columns?: string;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled}>
      <legend className={`${labelClass} mb-1`}>{legend}</legend>
      <div className={`grid gap-2 ${columns}`}>
        {choices.map(({ value: choice, label, description, icon: Icon }) => (
          <label
            key={choice}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm hover:border-brand-200 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600 focus:outline-none"
            />
            <span className="min-w-0">
              <span className="flex items-center gap-1.5 font-medium text-slate-900">
                {Icon ? <Icon aria-hidden="true" className="h-4 w-4 text-slate-500" /> : null}
                {label}
              </span>
              {description ? <span className="mt-0.5 block text-slate-500">{description}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * An on/off switch that is a real checkbox inside its <label> (role="switch"): Space toggles it,
 * and the label names it.
 */
export function SwitchField({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer font-medium text-slate-900">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-slate-500">
            {description}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex h-7 w-12 shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className="inline-flex h-7 w-12 items-center rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-disabled:opacity-60"
        >
          <span
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </span>
      </span>
    </div>
  );
}
