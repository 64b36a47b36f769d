import { type TextareaHTMLAttributes, useId } from 'react';
import { describedBy, FieldError, FieldLabel } from './Field.tsx';
import { inputClass } from './styles.ts';

type Counter = boolean | ((length: number, max: number) => string);

/**
 * A labelled <textarea> with its hint and error tied to it for screen readers. With `counter` and a
 * `maxLength`, the length so far shows under it, right of the error: '20/500', or the caller's words.
 */
export function TextareaField({
  label,
  value,
  error,
  hint,
  counter,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  counter?: Counter;
}) {
  const id = useId();
  const max = textarea.maxLength;
  const counted = counter && max !== undefined;
  return (
    <div className="flex flex-col gap-1">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(counted && `${id}-count`, error && `${id}-error`, hint && `${id}-hint`)}
        className={`${inputClass} resize-y aria-[invalid=true]:border-red-500`}
        {...textarea}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {counted ? (
        <div className="flex justify-between gap-2 text-sm">
          <p id={`${id}-error`} className="text-red-600">
            {error ?? ''}
          </p>
          <p id={`${id}-count`} className="shrink-0 text-slate-500">
            {typeof counter === 'function' ? (
              counter(value.length, max)
            ) : (
              <>
                {value.length}/{max}
              </>
            )}
          </p>
        </div>
      ) : (
        <FieldError id={`${id}-error`} message={error} />
      )}
    </div>
  );
}
