import type { CommunityEvent, EventCategory, EventTab } from '@common/schemas/events.ts';
import { msg } from '@web/i18n/msg.ts';

// Catalogue keys, translated where they are shown: t(EVENT_CATEGORY_LABELS[event.category]).
export const EVENT_CATEGORY_LABELS: Record<EventCategory, string> = {
  faith: msg('Faith'),
  food: msg('Food'),
  comedy: msg('Comedy'),
  community: msg('Community'),
};

export const EVENT_TAB_LABELS: Record<EventTab, string> = {
  upcoming: msg('Upcoming'),
  going: msg('Going'),
  past: msg('Past'),
};

/** What an empty tab says. */
export const EVENT_TAB_EMPTY: Record<EventTab, string> = {
  upcoming: msg('No upcoming events'),
  going: msg('You are not going to any events yet'),
  past: msg('No past events'),
};

export const EVENT_KEYS = {
  notFound: msg('Event not found'),
} as const;

export const eventPagePath = (id: string) => `/events/${encodeURIComponent(id)}`;

/** The FaithVerse room an online event opened (App.tsx: /faithverse/c/:id). */
export const circlePath = (circleId: string) => `/faithverse/c/${encodeURIComponent(circleId)}`;

/** The venue on OpenStreetMap: the point the server found, or a search for the address. */
export function mapLink(event: Pick<CommunityEvent, 'lat' | 'lng' | 'address' | 'venue'>): string | null {
  if (event.lat !== null && event.lng !== null) {
    return `https://www.openstreetmap.org/?mlat=${event.lat}&mlon=${event.lng}#map=17/${event.lat}/${event.lng}`;
  }
  const query = event.address || event.venue;
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null;
}

/** The (shown occurrence of the) event has ended: answers are closed. */
export const isOver = (event: Pick<CommunityEvent, 'ends_at'>, now = Date.now()) =>
  Date.parse(event.ends_at) <= now;

const COVER_COLORS: Record<EventCategory, string> = {
  faith: 'from-brand-500 to-violet-600',
  food: 'from-orange-400 to-rose-500',
  comedy: 'from-amber-400 to-pink-500',
  community: 'from-emerald-500 to-sky-600',
};
export const coverColors = (category: EventCategory) => COVER_COLORS[category];
