import { labelClass } from '@web/ui/styles.ts';
import type { LucideIcon } from 'lucide-react';

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
