import { useSyncExternalStore } from 'react';

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

let painted = false;
let waiting = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // The first subscriber is a component of the first screen, subscribing as that screen commits.
  if (!painted && !waiting) {
    waiting = true;
    void afterNextPaint().then(() => {
      painted = true;
      for (const notify of [...listeners]) notify();
    });
  }
  return () => listeners.delete(listener);
}

/**
 * False until the app's first screen has been painted, then true for good. What is secondary on that
 * screen (the bell's and the inbox's counts, Your Activity, Trending Now) asks the server only then:
 * on a phone's connection those requests would otherwise share it with the screen's own.
 */
export function usePainted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => painted,
    () => false,
  );
}
