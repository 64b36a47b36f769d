import { v7 as uuidv7 } from 'uuid';
import type { Fixtures } from './fixtures.ts';
import { freshGroup } from './rowsGroups.ts';
import { everyone, type HttpRow, members } from './table.ts';

// Events (issue 26). Each row acts on a fresh event of the owner's, open to every member or in a
// fresh private group of the owner's (where other is an admin). blocked (whom the owner blocked) sees
// none of the owner's events.

/** A fresh event (rows written as the app would), a week ahead; `inGroup` puts it in a private group. */
async function freshEvent(f: Fixtures, inGroup: boolean) {
  const group = inGroup ? await freshGroup(f, 'private') : null;
  const id = uuidv7();
  const start = new Date(Date.now() + 7 * 86_400_000);
  start.setUTCHours(18, 0, 0, 0);
  const starts = start.toISOString();
  const ends = new Date(start.getTime() + 2 * 3_600_000).toISOString();
  const now = new Date().toISOString();
  await f.db
    .insertInto('events')
    .values({
      id,
      host_id: f.members.owner.id,
      group_id: group?.group ?? null,
      title: 'Matrix event',
      description: '',
      category: 'community',
      starts_at: starts,
      ends_at: ends,
      time_zone: 'UTC',
      repeat: 'none',
      repeat_until: null,
      last_ends_at: ends,
      place: 'circle',
      venue: null,
      address: null,
      lat: null,
      lng: null,
      online_url: null,
      circle_id: null,
      capacity: null,
      ticket_url: null,
      cover_media_id: null,
      cover_url: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await f.db
    .insertInto('event_occurrences')
    .values({ event_id: id, starts_at: starts, ends_at: ends })
    .execute();
  return { event: id };
}

const open = (f: Fixtures) => freshEvent(f, false);
const inPrivateGroup = (f: Fixtures) => freshEvent(f, true);

/** An open event: every member but the one the owner blocked. */
const seen = (status: number) => members(status, { blocked: 404 });
/** The owner runs it; other members are refused, the blocked one does not find it. */
const hostOnly = (status: number) => members(403, { owner: status, blocked: 404 });
/** In the owner's private group: the owner and other (an admin of it) only. */
const groupOnly = (status: number) => members(404, { owner: status, other: status });

const form = () => ({
  title: 'Changed',
  starts_local: '2027-05-02T10:00',
  ends_local: '2027-05-02T12:00',
  time_zone: 'UTC',
  repeat: 'none',
  category: 'community',
  place: 'circle',
});

export const eventRows: HttpRow[] = [
  { route: 'GET /api/settings/calendar', path: () => '/api/settings/calendar', expect: members(200) },
  {
    route: 'POST /api/settings/calendar/reset',
    path: () => '/api/settings/calendar/reset',
    body: () => ({}),
    expect: members(200),
  },
  // The feed's token is its credential: a session changes nothing, a token nobody holds is no calendar.
  // The page's preview tags are a visitor's (no session is read): a private group's event shows none.
  {
    route: 'GET /events/:id',
    variant: "an event in the owner's private group",
    prepare: inPrivateGroup,
    path: ({ fresh }) => `/events/${fresh.event}`,
    hides: {
      from: ['visitor', 'member', 'owner', 'other', 'blocked', 'suspended', 'admin'],
      what: () => 'Matrix event',
    },
    expect: everyone(200),
  },
  {
    route: 'GET /calendar/:file',
    path: () => `/calendar/${'x'.repeat(43)}.ics`,
    expect: everyone(404),
  },
  { route: 'GET /api/events', path: () => '/api/events', expect: members(200) },
  { route: 'GET /api/events/soon', path: () => '/api/events/soon', expect: members(200) },
  { route: 'POST /api/events', path: () => '/api/events', body: form, expect: members(201) },
  {
    route: 'GET /api/events/:id',
    variant: "the owner's open event",
    prepare: open,
    path: ({ fresh }) => `/api/events/${fresh.event}`,
    expect: seen(200),
  },
  {
    route: 'GET /api/events/:id',
    variant: "an event in the owner's private group",
    prepare: inPrivateGroup,
    path: ({ fresh }) => `/api/events/${fresh.event}`,
    expect: groupOnly(200),
  },
  {
    route: 'GET /api/events/:id/calendar.ics',
    variant: "the owner's open event",
    prepare: open,
    path: ({ fresh }) => `/api/events/${fresh.event}/calendar.ics`,
    expect: seen(200),
  },
  {
    route: 'GET /api/events/:id/calendar.ics',
    variant: "an event in the owner's private group",
    prepare: inPrivateGroup,
    path: ({ fresh }) => `/api/events/${fresh.event}/calendar.ics`,
    expect: groupOnly(200),
  },
  {
    route: 'PUT /api/events/:id',
    variant: "the owner's open event",
    prepare: open,
    path: ({ fresh }) => `/api/events/${fresh.event}`,
    body: form,
    expect: hostOnly(200),
  },
  {
    route: 'PUT /api/events/:id',
    variant: "an event in the owner's private group (other is its admin)",
    prepare: inPrivateGroup,
    path: ({ fresh }) => `/api/events/${fresh.event}`,
    body: form,
    expect: groupOnly(200),
  },
  {
    route: 'POST /api/events/:id/cancel',
    variant: "the owner's open event",
    prepare: open,
    path: ({ fresh }) => `/api/events/${fresh.event}/cancel`,
    body: () => ({ reason: 'Snow' }),
    expect: hostOnly(200),
  },
  {
    route: 'POST /api/events/:id/messages',
    variant: "the owner's open event",
    prepare: open,
    path: ({ fresh }) => `/api/events/${fresh.event}/messages`,
    body: () => ({ text: 'Bring a chair' }),
    expect: hostOnly(204),
  },
  {
    route: 'PUT /api/events/:id/rsvp',
    variant: "the owner's open event",
    prepare: open,
    path: ({ fresh }) => `/api/events/${fresh.event}/rsvp`,
    body: () => ({ answer: 'going', guests: 1 }),
    expect: seen(200),
  },
  {
    route: 'PUT /api/events/:id/rsvp',
    variant: "an event in the owner's private group",
    prepare: inPrivateGroup,
    path: ({ fresh }) => `/api/events/${fresh.event}/rsvp`,
    body: () => ({ answer: 'interested' }),
    expect: groupOnly(200),
  },
];
