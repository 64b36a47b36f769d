import { useSyncExternalStore } from 'react';

// One clock for every timestamp on screen: ticks once a minute while anything shows a time.
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

/** '5 minutes ago', '2 days ago'; under a minute 'just now'. */
export function formatRelative(iso: string, at: number): string {
  const seconds = Math.round((Date.parse(iso) - at) / 1000);
  if (seconds > -60) return 'just now'; // also a clock a little ahead of ours
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** A relative time that stays current, with the full date for tooltips and machines. */
export function RelativeTime({ iso }: { iso: string }) {
  const at = useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
  const date = new Date(iso);
  const label = Number.isNaN(date.getTime()) ? iso : formatRelative(iso, at);
  return (
    <time dateTime={iso} title={Number.isNaN(date.getTime()) ? undefined : full.format(date)}>
      {label}
    </time>
  );
}
