import { type ErrorParams, renderTemplate } from '@common/errorTemplates.ts';
import {
  type CommunityEvent,
  type CreateEventInput,
  EVENT_ERRORS,
  EVENT_LENGTH_HOURS_MAX,
  type EventCategory,
  type EventRepeat,
} from '@common/schemas/events.ts';
import { errorText } from '@web/i18n/errors.ts';
import { minutesBetween } from './eventTimes.ts';

/** The form as the member fills it in: Where is 'In person' or 'Online', and Online a circle or a link. */
export interface EventFormValues {
  title: string;
  description: string;
  starts_local: string;
  ends_local: string;
  time_zone: string;
  repeat: EventRepeat;
  repeat_until: string;
  category: EventCategory | '';
  where: 'in_person' | 'online';
  online: 'circle' | 'link';
  venue: string;
  address: string;
  online_url: string;
  capacity: string;
  ticket_url: string;
}

export type EventFormField = keyof EventFormValues | 'place' | 'cover' | 'group_id';
export type EventFormErrors = Partial<Record<EventFormField, string>>;

export function emptyEventForm(times: { starts_local: string; ends_local: string }, zone: string) {
  const values: EventFormValues = {
    title: '',
    description: '',
    ...times,
    time_zone: zone,
    repeat: 'none',
    repeat_until: '',
    category: '',
    where: 'in_person',
    online: 'circle',
    venue: '',
    address: '',
    online_url: '',
    capacity: '',
    ticket_url: '',
  };
  return values;
}

/** Edit: the form prefilled from the event, its times as the event's zone reads them. */
export function eventFormFrom(event: CommunityEvent): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    starts_local: event.series_starts_local,
    ends_local: event.series_ends_local,
    time_zone: event.time_zone,
    repeat: event.repeat,
    repeat_until: event.repeat_until ?? '',
    category: event.category,
    where: event.place === 'in_person' ? 'in_person' : 'online',
    online: event.place === 'link' ? 'link' : 'circle',
    venue: event.venue ?? '',
    address: event.address ?? '',
    online_url: event.online_url ?? '',
    capacity: event.capacity === null ? '' : String(event.capacity),
    ticket_url: event.ticket_url ?? '',
  };
}

/** What the form sends (the group and the cover are added by the screen): only what the place uses. */
export function eventInputOf(values: EventFormValues): Omit<CreateEventInput, 'group_id' | 'cover_media_id'> {
  const place = values.where === 'in_person' ? 'in_person' : values.online;
  const capacity = values.capacity.trim();
  return {
    title: values.title,
    description: values.description,
    starts_local: values.starts_local,
    ends_local: values.ends_local,
    time_zone: values.time_zone,
    repeat: values.repeat,
    repeat_until: values.repeat === 'weekly' ? values.repeat_until || null : null,
    category: values.category as EventCategory,
    place,
    venue: place === 'in_person' ? values.venue : '',
    address: place === 'in_person' ? values.address : '',
    online_url: place === 'link' ? values.online_url.trim() : '',
    // Not a number (or not whole) goes to the server's check as it is, which words the refusal.
    capacity: capacity === '' ? null : Number(capacity),
    ticket_url: values.ticket_url.trim(),
  };
}

const refusal = (code: keyof typeof EVENT_ERRORS, params?: ErrorParams) =>
  errorText({ code, message: renderTemplate(EVENT_ERRORS[code], params), ...(params ? { params } : {}) });

/**
 * What the shared schema cannot check by itself, checked as the server does, so that the message
 * stands by its field without a trip: a venue in person, an end after the start, an 'Until' date.
 */
export function eventFormProblems(values: EventFormValues): EventFormErrors {
  const errors: EventFormErrors = {};
  if (values.where === 'in_person' && !values.venue.trim()) errors.venue = refusal('event_venue_required');
  const minutes = minutesBetween(values.starts_local, values.ends_local);
  if (minutes <= 0) errors.ends_local = refusal('event_ends_before_start');
  else if (minutes > EVENT_LENGTH_HOURS_MAX * 60)
    errors.ends_local = refusal('event_too_long', { hours: EVENT_LENGTH_HOURS_MAX });
  if (values.repeat === 'weekly' && !values.repeat_until)
    errors.repeat_until = refusal('event_repeat_until_required');
  return errors;
}

/** The field each of the server's refusals is about (a failed check names its own field). */
const FIELD_OF_CODE: Partial<Record<keyof typeof EVENT_ERRORS, EventFormField>> = {
  event_title_required: 'title',
  event_category_invalid: 'category',
  event_time_invalid: 'starts_local',
  event_in_past: 'starts_local',
  event_zone_invalid: 'time_zone',
  event_ends_before_start: 'ends_local',
  event_too_long: 'ends_local',
  event_repeat_invalid: 'repeat',
  event_repeat_until_required: 'repeat_until',
  event_repeat_until_invalid: 'repeat_until',
  event_place_invalid: 'place',
  event_venue_required: 'venue',
  event_link_invalid: 'online_url',
  event_capacity_invalid: 'capacity',
  event_cover_not_photo: 'cover',
  event_cover_in_use: 'cover',
};

/** The form's own name of a schema field ('place' is shown as Where). */
const FORM_FIELD: Record<string, EventFormField> = { place: 'where', cover_media_id: 'cover' };

/** A refusal of the server's about one of `fields` goes by it; anything else under the form. */
export function placeEventRefusal(
  error: unknown,
  fields: ReadonlyArray<EventFormField>,
): { field: EventFormField | null; message: string } {
  const message = (error as Error).message;
  const named = (error as { field?: string }).field?.split('.')[0];
  const code = (error as { code?: string }).code as keyof typeof EVENT_ERRORS | undefined;
  const candidate = named ? (FORM_FIELD[named] ?? named) : code ? FIELD_OF_CODE[code] : undefined;
  const field = candidate === 'place' ? 'where' : candidate;
  return field && fields.includes(field as EventFormField)
    ? { field: field as EventFormField, message }
    : { field: null, message };
}

/** The first message per field of the schema's failed checks, by the form's names. */
export function formFieldErrors(errors: Partial<Record<string, string>>): EventFormErrors {
  const out: EventFormErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message) out[(FORM_FIELD[field] ?? field) as EventFormField] ??= message;
  }
  return out;
}
