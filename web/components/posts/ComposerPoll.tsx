import {
  POLL_LENGTHS,
  POLL_OPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
} from '@common/schemas/polls.ts';
import { SelectField } from '@web/ui/Select.tsx';
import { inputClass, labelClass } from '@web/ui/styles.ts';
import type { TFunction } from 'i18next';
import { Plus, X } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Poll length' as the composer offers it: 5 minutes to 7 days. */
function lengthLabel(t: TFunction, seconds: number): string {
  if (seconds < 3600) return t('{{count}} minutes', { count: seconds / 60 });
  if (seconds < 86_400) return t('{{count}} hours', { count: seconds / 3600 });
  return t('{{count}} days', { count: seconds / 86_400 });
}

/**
 * The poll's fields: 'Option 1' … up to 4 ('Add option', a remove button past the second), 'Poll
 * length' and 'Allow multiple choices'.
 */
export function PollFields({
  options,
  onOptions,
  length,
  onLength,
  multiple,
  onMultiple,
  disabled,
  firstRef,
}: {
  options: string[];
  onOptions: (options: string[]) => void;
  length: string;
  onLength: (length: string) => void;
  multiple: boolean;
  onMultiple: (multiple: boolean) => void;
  disabled: boolean;
  firstRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const setOption = (index: number, value: string) =>
    onOptions(options.map((option, i) => (i === index ? value : option)));
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-700">{t('Poll')}</legend>
      {options.map((option, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the options are places, 'Option 1' to 'Option 4'.
        <div key={index} className="flex items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-${index}`} className={labelClass}>
              {t('Option {{n}}', { n: index + 1 })}
            </label>
            <input
              ref={index === 0 ? firstRef : undefined}
              id={`${id}-${index}`}
              value={option}
              onChange={(e) => setOption(index, e.target.value)}
              maxLength={POLL_OPTION_MAX_LENGTH}
              disabled={disabled}
              className={inputClass}
            />
          </div>
          {index >= POLL_OPTIONS_MIN ? (
            <button
              type="button"
              onClick={() => onOptions(options.filter((_, i) => i !== index))}
              disabled={disabled}
              aria-label={t('Remove option {{n}}', { n: index + 1 })}
              className="mb-1 rounded-lg p-2 text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          ) : null}
        </div>
      ))}
      {options.length < POLL_OPTIONS_MAX ? (
        <button
          type="button"
          onClick={() => {
            onOptions([...options, '']);
            setTimeout(() => document.getElementById(`${id}-${options.length}`)?.focus(), 0);
          }}
          disabled={disabled}
          className="inline-flex items-center gap-1 self-start rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('Add option')}
        </button>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2 sm:items-end">
        <SelectField
          label={t('Poll length')}
          value={length}
          onChange={(value) => onLength(value || length)}
          options={POLL_LENGTHS.map((seconds) => [String(seconds), lengthLabel(t, seconds)] as const)}
          disabled={disabled}
        />
        <label className="flex items-center gap-2 py-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={multiple}
            onChange={(e) => onMultiple(e.target.checked)}
            disabled={disabled}
            className="h-4 w-4"
          />
          {t('Allow multiple choices')}
        </label>
      </div>
    </fieldset>
  );
}
