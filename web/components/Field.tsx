import { translateSentence } from '@web/i18n/sentences.ts';
import { type InputHTMLAttributes, useId } from 'react';

/** A labelled text input with its error message tied to it for screen readers. */
export function Field({
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
        {...input}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60';
export const linkButtonClass = 'font-medium text-brand-600 hover:text-brand-700 hover:underline';

/** The form-level error under a form: what the server said, or why it could not be reached. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

/** The first message per field of a failed zod parse, keyed by field name. */
export function fieldErrors<K extends string>(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
) {
  const errors: Partial<Record<K, string>> = {};
  // The shared schemas' sentences are catalogue keys (scripts/i18n/parts.ts puts them with the form's screen).
  for (const issue of issues) errors[issue.path[0] as K] ??= translateSentence(issue.message);
  return errors;
}
