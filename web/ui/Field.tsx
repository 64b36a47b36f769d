import { issueError } from '@common/errorTemplates.ts';
import { errorText } from '@web/i18n/errors.ts';
import { type InputHTMLAttributes, type Ref, useId } from 'react';
import { labelClass } from './styles.ts';

/** `aria-describedby` from the ids of what is shown under a control (an error, a hint, a counter). */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The label over a control. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className={labelClass}>
      {children}
    </label>
  );
}

/** A field's own message, tied to its control by `id` (aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-600">
      {message}
    </p>
  );
}

/** A labelled text input with its error message tied to it for screen readers. */
export function Field({
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** The input itself (React 19 passes `ref` as a prop), to move focus to it. */
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`, hint && `${id}-hint`)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
        {...input}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The field of a code from an authenticator app (issue 52): digits on a phone's keyboard, filled by the system. */
export function AppCodeField({
  label,
  value,
  onChange,
  ref,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <Field
      ref={ref}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The form-level error under a form: what the server said, or why it could not be reached. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

/** The first message per field of a failed zod parse, keyed by field name, in the language shown. */
export function fieldErrors<K extends string>(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string; params?: unknown }>,
) {
  const errors: Partial<Record<K, string>> = {};
  // Each check's code is a catalogue key (scripts/i18n/parts.ts puts them with the form's screen).
  for (const issue of issues) errors[issue.path[0] as K] ??= errorText(issueError(issue));
  return errors;
}
