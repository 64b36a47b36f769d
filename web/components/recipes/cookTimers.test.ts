import { describe, expect, it } from 'vitest';
import {
  isRunning,
  newTimer,
  pauseTimer,
  remainingOf,
  resetTimer,
  settleTimers,
  startTimer,
} from './cookTimers.ts';

const now = 1_000_000;

describe("cook mode's step timers", () => {
  it('count down from the start, hold while paused and go on from there', () => {
    const started = startTimer(newTimer(5), now);
    expect(isRunning(started)).toBe(true);
    expect(remainingOf(started, now + 60_000)).toBe(4 * 60_000);
    const paused = pauseTimer(started, now + 60_000);
    expect(isRunning(paused)).toBe(false);
    expect(remainingOf(paused, now + 10 * 60_000)).toBe(4 * 60_000);
    const resumed = startTimer(paused, now + 10 * 60_000);
    expect(remainingOf(resumed, now + 11 * 60_000)).toBe(3 * 60_000);
  });

  it('reset to the whole time, stopped', () => {
    const reset = resetTimer(pauseTimer(startTimer(newTimer(2), now), now + 30_000));
    expect(reset).toEqual(newTimer(2));
  });

  it('stop at zero and say which steps are up; starting one that is up starts it again', () => {
    const timers = { 1: startTimer(newTimer(1), now), 3: startTimer(newTimer(10), now), 4: newTimer(2) };
    const early = settleTimers(timers, now + 30_000);
    expect(early.ended).toEqual([]);
    expect(early.timers).toBe(timers);

    const later = settleTimers(timers, now + 60_000);
    expect(later.ended).toEqual([1]);
    expect(later.timers[1]).toEqual({ totalMs: 60_000, remainingMs: 0, endsAt: null, up: true });
    expect(later.timers[3]).toBe(timers[3]);

    const again = startTimer(later.timers[1]!, now + 90_000);
    expect(again.up).toBe(false);
    expect(remainingOf(again, now + 90_000)).toBe(60_000);
  });
});
