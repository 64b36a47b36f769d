import type { Step } from '@common/schemas/recipes.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { BellRing, Check, ChevronLeft, ChevronRight, Timer } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beep, prepareBeep, releaseBeep } from './beep.ts';
import { CookTimer } from './CookTimer.tsx';
import {
  isRunning,
  newTimer,
  pauseTimer,
  remainingOf,
  resetTimer,
  type StepTimers,
  settleTimers,
  startTimer,
} from './cookTimers.ts';
import { IngredientList } from './RecipeLists.tsx';
import { formatClock, type IngredientGroup } from './recipeView.ts';
import { useWakeLock } from './useWakeLock.ts';

/** How far a finger must travel sideways for a swipe to turn the step (px). */
const SWIPE_PX = 60;

/**
 * 'Cook mode': the whole screen, one step at a time in large type (scaled and converted as on the
 * card), Previous / Next, the arrow keys and a swipe to move, the ingredients one tap away, and each
 * step's timer with a sound and 'Time is up!'. Timers keep running while the cook moves on. The
 * screen stays awake while it is open.
 */
export function CookMode({
  title,
  steps,
  ingredients,
  onClose,
}: {
  title: string;
  steps: readonly Step[];
  ingredients: readonly IngredientGroup[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [timers, setTimers] = useState<StepTimers>({});
  const [now, setNow] = useState(() => Date.now());
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const total = steps.length;
  const step = steps[index]!;
  const last = index === total - 1;
  useWakeLock(true);
  useEffect(() => releaseBeep, []);

  const running = Object.values(timers).some(isRunning);
  useEffect(() => {
    if (!running) return;
    const interval = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(interval);
  }, [running]);
  // A timer that reaches zero stops, once, with the sound.
  useEffect(() => {
    const settled = settleTimers(timers, now);
    if (settled.ended.length === 0) return;
    setTimers(settled.timers);
    beep();
  }, [timers, now]);

  const go = (to: number) => setIndex(Math.min(total - 1, Math.max(0, to)));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === 'ArrowRight') setIndex((i) => Math.min(total - 1, i + 1));
      else if (event.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [total]);

  function onPointerDown(event: PointerEvent) {
    if (event.pointerType !== 'mouse')
      swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }
  function onPointerUp(event: PointerEvent) {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    go(dx < 0 ? index + 1 : index - 1);
  }

  const change = (update: (timer: NonNullable<StepTimers[number]>) => StepTimers[number]) => {
    const at = Date.now();
    setNow(at);
    setTimers((all) => ({ ...all, [index]: update(all[index] ?? newTimer(step.timer_minutes ?? 0)) }));
  };
  const others = Object.entries(timers)
    .map(([key, timer]) => ({ step: Number(key), timer }))
    .filter(({ step: other, timer }) => other !== index && (isRunning(timer) || timer.up));

  return (
    <Dialog
      onClose={onClose}
      closeOnBackdrop={false}
      className="h-dvh max-h-none w-full max-w-none bg-white text-slate-900"
    >
      <div className="flex h-full flex-col">
        <div className="border-b border-slate-200 px-4 py-3">
          <DialogHeader
            title={title}
            description={t('Cook mode')}
            onClose={onClose}
            className="mx-auto max-w-3xl"
          />
        </div>
        {others.length > 0 ? (
          <ul
            aria-label={t('Other timers')}
            className="flex flex-wrap justify-center gap-2 bg-slate-50 px-4 py-2"
          >
            {others.map(({ step: other, timer }) => (
              <li key={other}>
                <button
                  type="button"
                  onClick={() => go(other)}
                  className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ${
                    timer.up ? 'bg-red-100 text-red-800' : 'bg-white text-slate-700 ring-1 ring-slate-200'
                  }`}
                >
                  {timer.up ? (
                    <BellRing aria-hidden="true" className="h-4 w-4" />
                  ) : (
                    <Timer aria-hidden="true" className="h-4 w-4" />
                  )}
                  {t('Step {{n}}', { n: other + 1 })} ·{' '}
                  {timer.up ? t('Time is up!') : formatClock(remainingOf(timer, now))}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div
          className="flex-1 touch-pan-y overflow-y-auto px-4 py-6"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            swipe.current = null;
          }}
        >
          <div className="mx-auto flex max-w-3xl flex-col gap-6">
            <section aria-live="polite" aria-atomic="true" className="flex flex-col gap-3">
              <h3 className="text-sm font-semibold uppercase tracking-wide text-orange-700">
                {t('Step {{n}} of {{total}}', { n: index + 1, total })}
              </h3>
              <p className="whitespace-pre-wrap break-words text-2xl leading-relaxed sm:text-3xl">
                {step.text}
              </p>
            </section>
            {step.timer_minutes ? (
              <CookTimer
                minutes={step.timer_minutes}
                timer={timers[index]}
                now={now}
                onStart={() => {
                  prepareBeep();
                  change((timer) => startTimer(timer, Date.now()));
                }}
                onPause={() => change((timer) => pauseTimer(timer, Date.now()))}
                onReset={() => change(resetTimer)}
              />
            ) : null}
            <details className="rounded-2xl border border-slate-200 px-4 py-3">
              <summary className="cursor-pointer font-semibold text-slate-800">{t('Ingredients')}</summary>
              <div className="mt-3">
                <IngredientList groups={ingredients} />
              </div>
            </details>
          </div>
        </div>
        <div className="border-t border-slate-200 px-4 py-3">
          <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
            <button
              type="button"
              onClick={() => go(index - 1)}
              disabled={index === 0}
              className={secondaryButtonClass}
            >
              <ChevronLeft aria-hidden="true" className="h-5 w-5" />
              {t('Previous')}
            </button>
            {last ? (
              <button type="button" onClick={onClose} className={buttonClass}>
                <Check aria-hidden="true" className="h-5 w-5" />
                {t('Done')}
              </button>
            ) : (
              <button type="button" onClick={() => go(index + 1)} className={buttonClass}>
                {t('Next')}
                <ChevronRight aria-hidden="true" className="h-5 w-5" />
              </button>
            )}
          </div>
        </div>
      </div>
    </Dialog>
  );
}
