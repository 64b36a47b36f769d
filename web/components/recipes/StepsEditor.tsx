import { RECIPE_STEP_MAX, RECIPE_STEPS_MAX, RECIPE_TIMER_MAX } from '@common/schemas/recipes.ts';
import { describedBy } from '@web/ui/Field.tsx';
import { inputClass } from '@web/ui/styles.ts';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButtonClass, smallButtonClass } from './editorStyles.ts';
import { moveEntry, newStep, type StepEntry } from './recipeDraft.ts';
import { timerProblem } from './recipeProblems.ts';

/** The length from which a step shows how much of its 1,000 characters it has used. */
const COUNTER_FROM = RECIPE_STEP_MAX - 200;

type Part = 'text' | 'up' | 'down' | 'remove';

/**
 * 'Steps': an ordered list of what to do, each with an optional 'Timer (minutes)', moved up and down
 * by buttons (focus stays on the moved step, and where it went is announced).
 */
export function StepsEditor({
  steps,
  onChange,
  disabled,
}: {
  steps: StepEntry[];
  onChange: (change: (steps: StepEntry[]) => StepEntry[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const base = useId();
  const headingId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<{ key: string; part: Part } | 'add' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const rowId = (key: string) => `${base}-${key}`;

  useEffect(() => {
    if (focus === null) return;
    setFocus(null);
    if (focus === 'add') {
      addRef.current?.focus();
      return;
    }
    const row = document.getElementById(`${base}-${focus.key}`);
    if (focus.part === 'text') {
      row?.querySelector('textarea')?.focus();
      return;
    }
    const button = (part: Part) => row?.querySelector<HTMLButtonElement>(`[data-part="${part}"]`);
    const wanted = button(focus.part);
    // A step moved to the top or the bottom: its other arrow is the one that still moves it.
    const other = focus.part === 'up' ? button('down') : focus.part === 'down' ? button('up') : null;
    (wanted?.disabled && other ? other : wanted)?.focus();
  }, [focus, base]);

  const update = (key: string, fields: Partial<StepEntry>) =>
    onChange((list) => list.map((step) => (step.key === key ? { ...step, ...fields } : step)));

  function add() {
    const step = newStep();
    onChange((list) => [...list, step]);
    setFocus({ key: step.key, part: 'text' });
  }

  function move(index: number, by: -1 | 1) {
    const step = steps[index];
    if (!step) return;
    onChange((list) => moveEntry(list, index, index + by));
    setFocus({ key: step.key, part: by < 0 ? 'up' : 'down' });
    setAnnouncement(t('Step moved to position {{position}}.', { position: index + by + 1 }));
  }

  function remove(index: number) {
    const next = steps[index + 1] ?? steps[index - 1];
    const key = steps[index]?.key;
    onChange((list) => list.filter((step) => step.key !== key));
    setFocus(next ? { key: next.key, part: 'remove' } : 'add');
  }

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h4 id={headingId} className="font-semibold text-slate-900">
        {t('Steps')}
      </h4>
      {steps.length > 0 ? (
        <ol className="flex flex-col gap-3">
          {steps.map((step, index) => {
            const timerError = timerProblem(step.timer);
            const timerId = `${rowId(step.key)}-timer`;
            return (
              <li
                key={step.key}
                id={rowId(step.key)}
                className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2 sm:p-3"
              >
                <TextareaField
                  label={t('Step {{number}}', { number: index + 1 })}
                  value={step.text}
                  rows={2}
                  maxLength={RECIPE_STEP_MAX}
                  counter={step.text.length >= COUNTER_FROM}
                  disabled={disabled}
                  onChange={(event) => update(step.key, { text: event.target.value })}
                />
                <div className="flex flex-wrap items-end justify-between gap-2">
                  <div className="flex flex-col gap-1">
                    <label htmlFor={timerId} className="text-xs font-medium text-slate-600">
                      {t('Timer (minutes)')}
                    </label>
                    <input
                      id={timerId}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={RECIPE_TIMER_MAX}
                      step={1}
                      value={step.timer}
                      disabled={disabled}
                      aria-invalid={timerError ? true : undefined}
                      aria-describedby={describedBy(timerError && `${timerId}-error`)}
                      onChange={(event) => update(step.key, { timer: event.target.value })}
                      className={`${inputClass} w-32 aria-[invalid=true]:border-red-500`}
                    />
                  </div>
                  <div className="flex gap-1">
                    <button
                      data-part="up"
                      type="button"
                      onClick={() => move(index, -1)}
                      disabled={disabled || index === 0}
                      aria-label={t('Move step up')}
                      title={t('Move step up')}
                      className={`${iconButtonClass} hover:text-slate-900`}
                    >
                      <ArrowUp aria-hidden="true" className="h-5 w-5" />
                    </button>
                    <button
                      data-part="down"
                      type="button"
                      onClick={() => move(index, 1)}
                      disabled={disabled || index === steps.length - 1}
                      aria-label={t('Move step down')}
                      title={t('Move step down')}
                      className={`${iconButtonClass} hover:text-slate-900`}
                    >
                      <ArrowDown aria-hidden="true" className="h-5 w-5" />
                    </button>
                    <button
                      data-part="remove"
                      type="button"
                      onClick={() => remove(index)}
                      disabled={disabled}
                      aria-label={t('Remove step')}
                      title={t('Remove step')}
                      className={`${iconButtonClass} hover:text-red-700`}
                    >
                      <X aria-hidden="true" className="h-5 w-5" />
                    </button>
                  </div>
                </div>
                {timerError ? (
                  <p id={`${timerId}-error`} className="text-sm text-red-600">
                    {timerError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      <button
        ref={addRef}
        type="button"
        onClick={add}
        disabled={disabled || steps.length >= RECIPE_STEPS_MAX}
        className={`${smallButtonClass} self-start`}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('Add step')}
      </button>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
