/**
 * Dates and times of events. The API gives instants (UTC ISO) shown in the viewer's zone, and the form
 * works in wall-clock 'YYYY-MM-DDTHH:mm' (what <input type="datetime-local"> reads and writes) in the
 * event's zone; arithmetic on wall-clock times goes through UTC so that no zone's rules move them.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date's wall-clock time in the browser's zone, as a datetime-local input wants it. */
export const toLocalInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** A wall-clock time as milliseconds of the same time in UTC (NaN when it is not one). */
const asUtc = (local: string) => (LOCAL.test(local) ? Date.parse(`${local}:00Z`) : Number.NaN);

/** A wall-clock time `minutes` later ('2026-12-06T23:30' + 60 → '2026-12-07T00:30'); '' stays ''. */
export function addMinutesLocal(local: string, minutes: number): string {
  const at = asUtc(local);
  if (Number.isNaN(at)) return local;
  return new Date(at + minutes * 60_000).toISOString().slice(0, 16);
}

/** Minutes from one wall-clock time to another (NaN when either is not one). */
export const minutesBetween = (from: string, to: string) => (asUtc(to) - asUtc(from)) / 60_000;

/** The form's default: the next full hour, a day from now, for two hours. */
export function defaultEventTimes(now = new Date()): { starts_local: string; ends_local: string } {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  start.setDate(start.getDate() + 1);
  const starts_local = toLocalInput(start);
  return { starts_local, ends_local: addMinutesLocal(starts_local, 120) };
}

/** The zones the browser knows, with `current` among them (a browser may leave out 'UTC'). */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** 'America/New_York' → 'America/New York'. */
export const zoneName = (zone: string) => zone.replaceAll('_', ' ');

/** A card's start: 'Sun, Dec 6, 10:00 AM' in the viewer's zone (or `timeZone`). */
export function formatEventStart(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/** The page's when: 'Sunday, December 6, 2026, 10:00 AM – 12:00 PM' in the viewer's zone or `timeZone`. */
export function formatEventRange(
  startIso: string,
  endIso: string,
  locale: string,
  timeZone?: string,
): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).formatRange(new Date(startIso), new Date(endIso));
}

/** A local date ('2027-03-01', as `repeat_until` holds it) in words, the same in every zone. */
export function formatLocalDate(date: string, locale: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(at)) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}
