import { currentLocale, i18n } from '@web/i18n/i18n.ts';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

// One clock for every timestamp on screen: ticks once a minute while anything shows a time.
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

/** How old the clock may be when the first time on screen subscribes: a label counts in minutes. */
const STALE_MS = 30_000;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // Only a clock from an earlier screen is set again: a new value here renders every time on the
    // screen again, at once and in one piece (20 posts' times after a feed's first paint).
    if (Date.now() - now > STALE_MS) now = Date.now();
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

/** The formatters of the language shown, made again only when it changes. */
let formatters: { locale: string; relative: Intl.RelativeTimeFormat; full: Intl.DateTimeFormat } | undefined;
function formattersFor(locale: string) {
  if (formatters?.locale !== locale) {
    formatters = {
      locale,
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'always' }),
      full: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }),
    };
  }
  return formatters;
}

/** '5 minutes ago', '2 days ago'; under a minute 'just now' (in the language shown). */
export function formatRelative(iso: string, at: number): string {
  const seconds = Math.round((Date.parse(iso) - at) / 1000);
  if (seconds > -60) return i18n.t('just now'); // also a clock a little ahead of ours
  const { relative } = formattersFor(currentLocale());
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return i18n.t('just now');
}

/** A relative time that stays current, with the full date for tooltips and machines. */
export function RelativeTime({ iso }: { iso: string }) {
  // Subscribed to the language too: a change of language writes the time again.
  useTranslation();
  const at = useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
  const date = new Date(iso);
  const label = Number.isNaN(date.getTime()) ? iso : formatRelative(iso, at);
  const { full } = formattersFor(currentLocale());
  return (
    <time dateTime={iso} title={Number.isNaN(date.getTime()) ? undefined : full.format(date)}>
      {label}
    </time>
  );
}
