import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { BellRing, Pause, Play, RotateCcw, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRunning, remainingOf, type StepTimer } from './cookTimers.ts';
import { formatClock } from './recipeView.ts';

/**
 * A step's timer in cook mode: 'Start timer (20 min)', then the countdown with 'Pause' and 'Reset';
 * 'Time is up!' when it reaches zero (cook mode plays the sound).
 */
export function CookTimer({
  minutes,
  timer,
  now,
  onStart,
  onPause,
  onReset,
}: {
  minutes: number;
  timer: StepTimer | undefined;
  now: number;
  onStart: () => void;
  onPause: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const running = timer ? isRunning(timer) : false;
  const remaining = timer ? remainingOf(timer, now) : minutes * 60_000;
  const started = Boolean(timer && (running || timer.up || timer.remainingMs < timer.totalMs));
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-orange-200 bg-orange-50 p-4">
      <div role="alert" className="empty:hidden">
        {timer?.up ? (
          <p className="flex items-center gap-2 text-xl font-bold text-red-700">
            <BellRing aria-hidden="true" className="h-6 w-6" />
            {t('Time is up!')}
          </p>
        ) : null}
      </div>
      {started ? (
        <p
          role="timer"
          aria-label={t('Time left')}
          className="font-mono text-5xl font-bold tabular-nums text-slate-900"
        >
          {formatClock(remaining)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-2">
        {running ? (
          <button type="button" onClick={onPause} className={secondaryButtonClass}>
            <Pause aria-hidden="true" className="h-4 w-4" />
            {t('Pause')}
          </button>
        ) : started && !timer?.up ? (
          <button type="button" onClick={onStart} className={buttonClass}>
            <Play aria-hidden="true" className="h-4 w-4" />
            {t('Resume')}
          </button>
        ) : (
          <button type="button" onClick={onStart} className={buttonClass}>
            <Timer aria-hidden="true" className="h-4 w-4" />
            {t('Start timer ({{n}} min)', { n: minutes })}
          </button>
        )}
        {started ? (
          <button type="button" onClick={onReset} className={secondaryButtonClass}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {t('Reset')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
