import type { EventsTable } from '@server/db/eventTables.ts';
import ical, { ICalEventRepeatingFreq, ICalEventStatus } from 'ical-generator';
import type { Selectable } from 'kysely';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';

type EventRow = Selectable<EventsTable>;

/**
 * iCalendar files (RFC 5545) for 'Add to calendar' and the calendar feed: each event in its own zone
 * (with its VTIMEZONE, so a weekly event keeps its local time across DST in every calendar app), a
 * weekly event as one VEVENT with its RRULE, a cancelled one with STATUS:CANCELLED.
 */
export interface CalendarOptions {
  /** The site's public address, for each event's URL. */
  publicUrl: string;
  name: string;
}

function locationOf(event: EventRow, url: string): string {
  if (event.place === 'in_person') return [event.venue, event.address].filter(Boolean).join(', ');
  if (event.place === 'link') return event.online_url ?? url;
  return 'FaithVerse circle';
}

/** The weekly rule's UNTIL: the start of the last occurrence. */
const lastStartOf = (event: EventRow) =>
  new Date(Date.parse(event.last_ends_at) - (Date.parse(event.ends_at) - Date.parse(event.starts_at)));

export function calendarOf(events: EventRow[], options: CalendarOptions): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Splikz', product: 'Events', language: 'EN' },
    timezone: { name: null, generator: (zone: string) => tzlib_get_ical_block(zone)[0] ?? null },
  });
  const base = options.publicUrl.replace(/\/+$/, '');
  for (const event of events) {
    const url = `${base}/events/${event.id}`;
    const inZone = (instant: string) => DateTime.fromISO(instant, { zone: 'utc' }).setZone(event.time_zone);
    calendar.createEvent({
      id: `${event.id}@splikz`,
      start: inZone(event.starts_at),
      end: inZone(event.ends_at),
      timezone: event.time_zone,
      summary: event.title,
      description: event.cancelled_at
        ? `Cancelled: ${event.cancel_reason ?? ''}\n\n${event.description}`
        : event.description,
      location: locationOf(event, url),
      url,
      status: event.cancelled_at ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      repeating:
        event.repeat === 'weekly' ? { freq: ICalEventRepeatingFreq.WEEKLY, until: lastStartOf(event) } : null,
      created: new Date(event.created_at),
      lastModified: new Date(event.updated_at),
    });
  }
  return calendar.toString();
}
