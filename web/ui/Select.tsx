import { useId } from 'react';
import { describedBy, FieldError, FieldLabel } from './Field.tsx';
import { inputClass } from './styles.ts';

/**
 * A labelled <select>; its error is tied to it for screen readers. `placeholder` is a first option
 * with the value '' ('Select a subject').
 */
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
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
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
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
