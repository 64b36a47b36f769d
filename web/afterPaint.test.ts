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

/** A page whose frames run when `frames` is drained, and whose browser reports LCP entries on `report`. */
async function pageWithLargestPaint(supported = true) {
  vi.resetModules();
  vi.useFakeTimers();
  const frames: Array<() => void> = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  const observers: Array<(list: { getEntries: () => Array<{ id: string }> }) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = supported ? ['paint', 'largest-contentful-paint'] : ['paint'];
    constructor(private callback: (list: { getEntries: () => Array<{ id: string }> }) => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const module = await import('./afterPaint.ts');
  let shown = false;
  void module.firstScreenShown().then(() => {
    shown = true;
  });
  const paint = async () => {
    while (frames.length) frames.shift()!();
    await vi.advanceTimersByTimeAsync(0);
  };
  const report = async (id: string) => {
    for (const observer of [...observers]) observer({ getEntries: () => [{ id }] });
    await vi.advanceTimersByTimeAsync(0);
  };
  return { module, paint, report, isShown: () => shown, observers };
}

it('counts the first screen as shown when the browser reports its largest paint, not at the paint itself', async () => {
  const page = await pageWithLargestPaint();
  await page.paint();
  await page.paint();
  expect(page.isShown()).toBe(false);
  await page.report('');
  expect(page.isShown()).toBe(true);
  expect(page.observers).toHaveLength(0);
});

it("does not take index.html's logo, shown before the app, for the first screen", async () => {
  const page = await pageWithLargestPaint();
  await page.report(page.module.SPLASH_ID);
  expect(page.isShown()).toBe(false);
  await page.report('post-1');
  expect(page.isShown()).toBe(true);
});

it('gives up waiting for the report half a second after the next paint (a screen smaller than the logo)', async () => {
  const page = await pageWithLargestPaint();
  await page.paint();
  await page.paint();
  await vi.advanceTimersByTimeAsync(page.module.SHOWN_FALLBACK_MS - 1);
  expect(page.isShown()).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(page.isShown()).toBe(true);
});

it('takes the next paint where the browser reports no largest paint (Safari)', async () => {
  const page = await pageWithLargestPaint(false);
  expect(page.isShown()).toBe(false);
  await page.paint();
  await page.paint();
  expect(page.isShown()).toBe(true);
  expect(page.observers).toHaveLength(0);
});
