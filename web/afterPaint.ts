import { startTransition, useEffect, useState } from 'react';

/**
 * Resolves once the browser has shown the next frame (two frame callbacks, then a task after them), or
 * after a second where frames do not come (a tab opened in the background); at once outside a page.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return resolve();
    const fallback = setTimeout(resolve, 1000);
    // The frame after the next: by then the next one has been rasterized and shown, not only laid out.
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(fallback);
          resolve();
        }, 0),
      ),
    );
  });
}

/** index.html's logo, shown until the app's first render: the first screen is what replaces it. */
export const SPLASH_ID = 'splash';

/** How long after the next paint to wait for the browser's report of the screen on the display. */
export const SHOWN_FALLBACK_MS = 500;

let shown: Promise<void> | undefined;

/**
 * Resolves once the app's first screen is on the display, for what is secondary on it to start then.
 * A paint is not yet a presented frame: on a slow phone the frame reaches the display some frames
 * later, and requests started in between compete with it. The browser reports the moment in its next
 * largest-contentful-paint entry (the screen's largest text or picture, taking over from index.html's
 * logo). Where it reports none (Safari; a screen whose largest part is smaller than the logo), the
 * next paint and then half a second do. The first call starts the wait; later ones share it.
 */
export function firstScreenShown(): Promise<void> {
  shown ??= new Promise((resolve) => {
    const painted = afterNextPaint();
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    ) {
      void painted.then(resolve);
      return;
    }
    let fallback: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      observer.disconnect();
      clearTimeout(fallback);
      resolve();
    };
    // Not buffered: entries from now on. The logo's own entry may still arrive (painted, not yet shown).
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => (entry as LargestContentfulPaint).id !== SPLASH_ID)) done();
    });
    observer.observe({ type: 'largest-contentful-paint' });
    void painted.then(() => {
      fallback = setTimeout(done, SHOWN_FALLBACK_MS);
    });
  });
  return shown;
}

let painted = false;

/**
 * False until the app's first screen is on the display, then true for good. What is secondary on that
 * screen (the bell's and the inbox's counts, Your Activity, Trending Now, Upcoming events, the prayer
 * list behind 'Pray for this') asks the server only then: on a phone's connection those requests would
 * otherwise share it with the screen's own.
 */
export function usePainted(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    // The first caller is a component of the first screen, as that screen commits. What the change
    // brings in renders as a transition, in slices: all at once it held a phone's main thread.
    void firstScreenShown().then(() => {
      painted = true;
      if (mounted) startTransition(() => setReady(true));
    });
    return () => {
      mounted = false;
    };
  }, [ready]);
  return ready;
}
