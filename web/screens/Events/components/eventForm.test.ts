import { ApiError } from '@web/api/client.ts';
import { describe, expect, it } from 'vitest';
import {
  emptyEventForm,
  eventFormProblems,
  eventInputOf,
  formFieldErrors,
  placeEventRefusal,
} from './eventForm.ts';
import { mapLink } from './eventTexts.ts';
import { addMinutesLocal, defaultEventTimes, formatLocalDate, minutesBetween } from './eventTimes.ts';

const times = { starts_local: '2026-12-06T10:00', ends_local: '2026-12-06T12:00' };

describe('the event form', () => {
  it('starts a day from now at the next full hour, for two hours', () => {
    const defaults = defaultEventTimes(new Date(2026, 11, 31, 22, 40));
    expect(defaults).toEqual({ starts_local: '2027-01-01T23:00', ends_local: '2027-01-02T01:00' });
  });

  it('counts wall-clock minutes without any zone moving them', () => {
    expect(addMinutesLocal('2026-03-08T01:30', 60)).toBe('2026-03-08T02:30');
    expect(minutesBetween('2026-12-06T23:30', '2026-12-07T00:30')).toBe(60);
    expect(addMinutesLocal('', 60)).toBe('');
  });

  it('sends only what the place uses, a circle or a link online, and no capacity as null', () => {
    const values = { ...emptyEventForm(times, 'Europe/Paris'), title: 'Supper', category: 'food' as const };
    expect(eventInputOf({ ...values, venue: 'Hall', address: '1 Main St' })).toMatchObject({
      place: 'in_person',
      venue: 'Hall',
      address: '1 Main St',
      online_url: '',
      capacity: null,
      repeat_until: null,
    });
    const online = eventInputOf({
      ...values,
      where: 'online',
      online: 'link',
      venue: 'Hall',
      online_url: ' https://meet.example ',
      capacity: '40',
      repeat: 'weekly',
      repeat_until: '2027-02-01',
    });
    expect(online).toMatchObject({
      place: 'link',
      venue: '',
      online_url: 'https://meet.example',
      capacity: 40,
      repeat_until: '2027-02-01',
    });
  });

  it('finds what the server would refuse across fields, by the field to fix', () => {
    const values = emptyEventForm({ starts_local: times.ends_local, ends_local: times.starts_local }, 'UTC');
    expect(Object.keys(eventFormProblems({ ...values, repeat: 'weekly' })).sort()).toEqual([
      'ends_local',
      'repeat_until',
      'venue',
    ]);
    expect(eventFormProblems({ ...emptyEventForm(times, 'UTC'), venue: 'Hall' })).toEqual({});
  });

  it('puts a refusal by its field (the named one, else the code’s), anything else under the form', () => {
    const fields = ['title', 'where', 'capacity', 'ends_local', 'ticket_url'] as const;
    const named = new ApiError(400, 'event_link_invalid', 'Bad link', undefined, 'ticket_url');
    expect(placeEventRefusal(named, fields)).toEqual({ field: 'ticket_url', message: 'Bad link' });
    const coded = new ApiError(400, 'event_ends_before_start', 'Ends first');
    expect(placeEventRefusal(coded, fields)).toEqual({ field: 'ends_local', message: 'Ends first' });
    const place = new ApiError(400, 'event_place_invalid', 'Where?', undefined, 'place');
    expect(placeEventRefusal(place, fields).field).toBe('where');
    const limit = new ApiError(429, 'event_create_limit', 'Tomorrow');
    expect(placeEventRefusal(limit, fields)).toEqual({ field: null, message: 'Tomorrow' });
    expect(formFieldErrors({ place: 'Where?', title: 'Title' })).toEqual({ where: 'Where?', title: 'Title' });
  });

  it('links the venue on OpenStreetMap by its point, else by its address', () => {
    expect(mapLink({ lat: 48.85, lng: 2.35, address: 'x', venue: 'y' })).toBe(
      'https://www.openstreetmap.org/?mlat=48.85&mlon=2.35#map=17/48.85/2.35',
    );
    expect(mapLink({ lat: null, lng: null, address: '1 Main St, Springfield', venue: 'Hall' })).toBe(
      'https://www.openstreetmap.org/search?query=1%20Main%20St%2C%20Springfield',
    );
  });

  it('writes a weekly event’s last date the same in every zone', () => {
    expect(formatLocalDate('2027-03-01', 'en-US')).toBe('March 1, 2027');
  });
});
