import { afterEach, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterPaint.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('resolves at once outside a page (no frames)', async () => {
  await expect(afterNextPaint()).resolves.toBeUndefined();
});

it('waits for the frame after the next, then a task', async () => {
  vi.useFakeTimers();
  const frames: Array<() => void> = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  let done = false;
  void afterNextPaint().then(() => {
    done = true;
  });
  frames.shift()!();
  await vi.advanceTimersByTimeAsync(0);
  expect(done).toBe(false);
  frames.shift()!();
  await vi.advanceTimersByTimeAsync(0);
  expect(done).toBe(true);
});

it('gives up waiting after a second where no frame comes (a background tab)', async () => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', () => 0);
  let done = false;
  void afterNextPaint().then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(999);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(done).toBe(true);
});
