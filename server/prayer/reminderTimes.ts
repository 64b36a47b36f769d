import { DateTime } from 'luxon';

/**
 * The first instant after `after` (ms) when it is `time` ('HH:MM') in `zone`, as an ISO string in UTC.
 * Daylight saving is the zone's: a reminder at 08:00 stays at 08:00 local across a change; a time the
 * clocks skip that day (02:30 on a spring-forward night) comes at the first minute after the gap.
 */
export function nextReminderAt(time: string, zone: string, after: number): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const local = DateTime.fromMillis(after, { zone });
  let day = local.startOf('day');
  for (let i = 0; i < 3; i += 1) {
    const at = day.set({ hour, minute, second: 0, millisecond: 0 });
    if (at.toMillis() > after) return at.toUTC().toISO() as string;
    day = day.plus({ days: 1 });
  }
  throw new Error(`No reminder time found for ${time} in ${zone}`);
}
