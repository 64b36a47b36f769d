import { EVENT_LENGTH_HOURS_MAX, EVENT_REPEAT_DAYS_MAX, type EventRepeat } from '@common/schemas/events.ts';
import { badRequest } from '@server/http/errors.ts';
import { DateTime } from 'luxon';

/**
 * An event's times (DESIGN section 7): the form's wall-clock times in the event's IANA zone become UTC
 * instants, and a weekly event's occurrences are computed in its zone, so 10:00 on Sunday stays 10:00
 * across a daylight-saving change (its UTC instant moves by the hour instead).
 */

export interface Occurrence {
  starts_at: string;
  ends_at: string;
}

export interface Schedule {
  starts_at: string;
  ends_at: string;
  time_zone: string;
  repeat: EventRepeat;
  repeat_until: string | null;
}

/** '2026-12-06T10:30' in 'America/Chicago' → the UTC instant (a time skipped by DST moves forward). */
export function instantOf(local: string, zone: string): DateTime {
  return DateTime.fromISO(local, { zone });
}

/** One formatter per zone: making an Intl formatter costs far more than using one (lists show many). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClockOf(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallClocks.set(zone, format);
  }
  return format;
}

/**
 * The zone's offset from UTC at an instant, in ms, kept per zone and quarter hour (offsets change on
 * quarter hours at the finest): lists present the same events again and again.
 */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60_000;
function offsetAt(ms: number, zone: string): number {
  const key = `${zone}|${Math.floor(ms / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts: Record<string, string> = {};
    for (const part of wallClockOf(zone).formatToParts(new Date(ms))) parts[part.type] = part.value;
    const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
    offset = wall - (ms - (ms % 60_000));
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** An instant as the wall clock in `zone` shows it ('2026-12-06T10:30'), as the edit form wants it. */
export function localOf(instant: string, zone: string): string {
  const ms = Date.parse(instant);
  return new Date(ms + offsetAt(ms, zone)).toISOString().slice(0, 16);
}

/** The UTC instants a local day starts and ends at. */
export function dayRange(date: string, zone: string): [string, string] {
  const start = instantOf(`${date}T00:00`, zone);
  return [start.toUTC().toISO() as string, start.plus({ days: 1 }).toUTC().toISO() as string];
}

const iso = (time: DateTime) => time.toUTC().toISO({ suppressMilliseconds: false }) as string;

/** Every occurrence of the schedule, first to last (one for an event that does not repeat). */
export function occurrencesOf(schedule: Schedule): Occurrence[] {
  const first = DateTime.fromISO(schedule.starts_at, { zone: 'utc' }).setZone(schedule.time_zone);
  const length = Date.parse(schedule.ends_at) - Date.parse(schedule.starts_at);
  if (schedule.repeat === 'none' || !schedule.repeat_until) {
    return [{ starts_at: iso(first), ends_at: new Date(first.toMillis() + length).toISOString() }];
  }
  const until = schedule.repeat_until;
  const occurrences: Occurrence[] = [];
  for (let week = 0; week <= Math.ceil(EVENT_REPEAT_DAYS_MAX / 7); week += 1) {
    // Adding calendar weeks in the zone keeps the wall-clock time; the instant follows DST.
    const start = first.plus({ weeks: week });
    if ((start.toISODate() as string) > until) break;
    occurrences.push({ starts_at: iso(start), ends_at: new Date(start.toMillis() + length).toISOString() });
  }
  return occurrences;
}

export interface ScheduleInput {
  starts_local: string;
  ends_local: string;
  time_zone: string;
  repeat: EventRepeat;
  repeat_until?: string | null | undefined;
}

/**
 * The form's times checked and turned into a schedule: it ends after it starts, lasts at most
 * EVENT_LENGTH_HOURS_MAX, and a weekly one repeats until a later date within EVENT_REPEAT_DAYS_MAX.
 * `notBefore` (creating, or moving an event) refuses a start in the past.
 */
export function scheduleOf(input: ScheduleInput, notBefore: Date | null): Schedule {
  const start = instantOf(input.starts_local, input.time_zone);
  const end = instantOf(input.ends_local, input.time_zone);
  if (!start.isValid || !end.isValid) throw badRequest('event_time_invalid');
  if (end <= start) throw badRequest('event_ends_before_start');
  if (end.toMillis() - start.toMillis() > EVENT_LENGTH_HOURS_MAX * 3600_000) {
    throw badRequest('event_too_long', { hours: EVENT_LENGTH_HOURS_MAX });
  }
  if (notBefore && start.toMillis() < notBefore.getTime()) throw badRequest('event_in_past');
  let repeatUntil: string | null = null;
  if (input.repeat === 'weekly') {
    if (!input.repeat_until) throw badRequest('event_repeat_until_required');
    const firstDay = start.toISODate() as string;
    const lastDay = start.plus({ days: EVENT_REPEAT_DAYS_MAX }).toISODate() as string;
    if (input.repeat_until <= firstDay || input.repeat_until > lastDay) {
      throw badRequest('event_repeat_until_invalid', { days: EVENT_REPEAT_DAYS_MAX });
    }
    repeatUntil = input.repeat_until;
  }
  return {
    starts_at: iso(start),
    ends_at: iso(end),
    time_zone: input.time_zone,
    repeat: input.repeat,
    repeat_until: repeatUntil,
  };
}
