import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (cook mode: floury hands do not tap the screen awake). The
 * browser lets go of the lock when the page is hidden, so it is asked for again when the page shows;
 * it is released when cook mode closes. Browsers without the Screen Wake Lock API just skip it.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const request = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (stopped) void lock.release().catch(() => {});
        else sentinel = lock;
      } catch {
        // refused (low battery, a policy): the screen may sleep as usual
      }
    };
    void request();
    document.addEventListener('visibilitychange', request);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release().catch(() => {});
    };
  }, [active]);
}
