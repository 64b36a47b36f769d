import { useSyncExternalStore } from 'react';

// Tailwind's `max-sm`: narrower than its `sm` breakpoint (40rem, 640 px), that is a phone.
// The max-width form (not `width < 40rem`) also works in Safari before 16.4.
const NARROW = '(max-width: 39.99rem)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The viewport is phone-sized; follows the window as it is resized or turned. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
