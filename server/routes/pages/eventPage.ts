import type { CommunityEvent } from '@common/schemas/events.ts';
import type { AppContext } from '@server/context.ts';
import { HttpError } from '@server/http/errors.ts';
import { escapeHtml } from '@server/http/escapeHtml.ts';
import { eventFor } from '@server/queries/events.ts';
import { DateTime } from 'luxon';
import { scriptJson } from './firstScreen.ts';

/** The event's time in its own zone: 'Sunday, December 6, 2026 at 10:30 AM'. */
function whenOf(event: CommunityEvent): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: event.time_zone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(event.starts_at));
}

/** An instant as ISO with the event zone's offset ('2026-12-06T10:30:00-06:00'). */
const zoned = (instant: string, zone: string) =>
  DateTime.fromISO(instant, { zone }).toISO({ suppressMilliseconds: true }) ?? instant;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const excerpt = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/**
 * schema.org/Event for search engines. An online event's location is its page here, never its meeting
 * link: the preview is for anyone with the URL, signed in or not.
 */
export function eventJsonLd(event: CommunityEvent, publicUrl: string): Record<string, unknown> {
  const url = `${publicUrl}/events/${encodeURIComponent(event.id)}`;
  const absolute = (path: string) => (path.startsWith('http') ? path : `${publicUrl}${path}`);
  const online = event.place !== 'in_person';
  const description = oneLine(event.description);
  const host = event.host;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    startDate: zoned(event.starts_at, event.time_zone),
    endDate: zoned(event.ends_at, event.time_zone),
    eventStatus: event.cancelled ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: online
      ? { '@type': 'VirtualLocation', url }
      : {
          '@type': 'Place',
          name: event.venue ?? '',
          ...(event.address ? { address: event.address } : {}),
        },
    ...(description ? { description: excerpt(description, 500) } : {}),
    ...(event.cover_url ? { image: absolute(event.cover_url) } : {}),
    ...(host?.username
      ? {
          organizer: {
            '@type': 'Person',
            name: host.full_name || host.username,
            url: `${publicUrl}/profile/${encodeURIComponent(host.username)}`,
          },
        }
      : {}),
    url,
  };
}

/** Title, description, canonical, Open Graph, Twitter tags and JSON-LD of /events/{id}, for crawlers. */
export function eventMetaTags(event: CommunityEvent, publicUrl: string): { title: string; tags: string } {
  const title = `${event.title} · Splikz`;
  const where = event.place === 'in_person' ? event.venue || 'In person' : 'Online';
  const about = excerpt(oneLine(event.description), 160);
  const description = [event.cancelled ? 'Cancelled' : '', whenOf(event), where, about]
    .filter(Boolean)
    .join(' · ');
  const canonical = `${publicUrl}/events/${encodeURIComponent(event.id)}`;
  const absolute = (url: string) => (url.startsWith('http') ? url : `${publicUrl}${url}`);
  const image = event.cover_url ? absolute(event.cover_url) : `${publicUrl}/logo.png`;
  const meta: Array<[attr: 'name' | 'property', key: string, value: string]> = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Splikz'],
    ['property', 'og:title', event.title],
    ['property', 'og:description', description],
    ['property', 'og:url', canonical],
    ['property', 'og:image', image],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', event.title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
    // scriptJson escapes <, > and &: nothing a member wrote can close the element.
    `<script type="application/ld+json">${scriptJson(eventJsonLd(event, publicUrl))}</script>`,
  ].join('\n    ');
  return { title, tags };
}

/**
 * index.html with the event's tags in its head, or null when a visitor may not see it (unknown id, a
 * private or secret group's event, a suspended host). The tags are always what a visitor would get,
 * whoever asks: the page is the same for everyone, so a private group's event never reaches the HTML
 * (its members get the plain app, which then asks the API for the event).
 */
export async function renderEventPage(
  ctx: AppContext,
  indexHtml: string,
  eventId: string,
): Promise<string | null> {
  if (!/^[0-9a-zA-Z-]{1,64}$/.test(eventId)) return null;
  let event: CommunityEvent;
  try {
    event = await eventFor(ctx.database.db, null, eventId);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
  const { title, tags } = eventMetaTags(event, ctx.config.publicUrl);
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${tags}\n  </head>`); // functions: `$&` in a member's text stays text
}
