/**
 * Cook mode's step timers: one per step that has one, kept while the cook moves between steps (a
 * simmer goes on while they chop). Running timers hold when they end rather than counting ticks, so a
 * phone that throttles a background tab still ends them on time.
 */
export interface StepTimer {
  totalMs: number;
  /** What is left while paused (or not started). */
  remainingMs: number;
  /** When it ends, while running; null while paused. */
  endsAt: number | null;
  /** It reached zero, and nobody has reset or restarted it since. */
  up: boolean;
}

export type StepTimers = Readonly<Record<number, StepTimer>>;

export const newTimer = (minutes: number): StepTimer => ({
  totalMs: minutes * 60_000,
  remainingMs: minutes * 60_000,
  endsAt: null,
  up: false,
});

export const isRunning = (timer: StepTimer) => timer.endsAt !== null;

export function remainingOf(timer: StepTimer, now: number): number {
  return timer.endsAt === null ? timer.remainingMs : Math.max(0, timer.endsAt - now);
}

/** Start, or go on after a pause; a timer that is up starts again from the top. */
export function startTimer(timer: StepTimer, now: number): StepTimer {
  const remainingMs = timer.up || timer.remainingMs <= 0 ? timer.totalMs : timer.remainingMs;
  return { ...timer, remainingMs, endsAt: now + remainingMs, up: false };
}

export function pauseTimer(timer: StepTimer, now: number): StepTimer {
  return { ...timer, remainingMs: remainingOf(timer, now), endsAt: null };
}

export function resetTimer(timer: StepTimer): StepTimer {
  return { ...timer, remainingMs: timer.totalMs, endsAt: null, up: false };
}

/** The timers at `now`: those that reached zero stop and are up; `ended` lists their steps. */
export function settleTimers(timers: StepTimers, now: number): { timers: StepTimers; ended: number[] } {
  const ended: number[] = [];
  const next: Record<number, StepTimer> = { ...timers };
  for (const [key, timer] of Object.entries(timers)) {
    if (timer.endsAt !== null && timer.endsAt <= now) {
      const step = Number(key);
      ended.push(step);
      next[step] = { ...timer, remainingMs: 0, endsAt: null, up: true };
    }
  }
  return { timers: ended.length > 0 ? next : timers, ended };
}
