import type { PlaceKind } from '@common/schemas/places.ts';
import { HttpError, httpError } from '@server/http/errors.ts';
import type { Log } from '@server/log.ts';
import type { OverpassElement, Point } from './geo.ts';

// The two OpenStreetMap services behind 'Find Local Churches' and 'Find Local Restaurants'. Both
// answer members' searches through our server only (DESIGN section 6): the browser never calls them.

export const mapUnreachable = () => httpError(503, 'map_unavailable');
export const mapBusy = () => httpError(503, 'map_busy');
export const mapGarbled = () => httpError(502, 'map_bad_answer');

export interface OsmClientOptions {
  nominatimUrl: string;
  overpassUrl: string;
  /** Identifies the app to the services, as their usage policies ask. */
  userAgent: string;
  log: Log;
  nominatimTimeoutMs?: number;
  overpassTimeoutMs?: number;
}

export interface Geocode extends Point {
  label: string;
}

const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

async function readLimited(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) throw mapGarbled();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const finite = (value: unknown, max: number): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= max ? n : null;
};

export function createOsmClient(options: OsmClientOptions) {
  const { log } = options;
  const nominatimBase = options.nominatimUrl.replace(/\/+$/, '');

  async function fetchJson(service: string, url: string, init: RequestInit, timeoutMs: number) {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        ...init,
        headers: { 'user-agent': options.userAgent, accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'follow',
      });
      text = await readLimited(response);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      log.warn({ err: error, service }, 'the map service could not be reached');
      throw mapUnreachable();
    }
    if (response.status === 429) {
      log.warn({ service }, 'the map service asked us to slow down (429)');
      throw mapBusy();
    }
    if (response.status >= 500) {
      log.warn({ service, status: response.status }, 'the map service failed');
      throw mapUnreachable();
    }
    if (!response.ok) {
      log.warn({ service, status: response.status }, 'the map service refused a request');
      throw mapGarbled();
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      log.warn({ service, start: text.slice(0, 80) }, 'the map service answered something other than JSON');
      throw mapGarbled();
    }
  }

  /** The best match for a city or ZIP, or null when Nominatim knows none. */
  async function geocode(query: string): Promise<Geocode | null> {
    const url = `${nominatimBase}/search?format=jsonv2&limit=1&q=${encodeURIComponent(query)}`;
    const answer = await fetchJson('nominatim', url, {}, options.nominatimTimeoutMs ?? 5000);
    if (!Array.isArray(answer)) throw mapGarbled();
    const first = answer[0] as Record<string, unknown> | undefined;
    if (first === undefined) return null;
    const lat = finite(first?.lat, 90);
    const lng = finite(first?.lon, 180);
    if (lat === null || lng === null) throw mapGarbled();
    const label = typeof first.display_name === 'string' && first.display_name ? first.display_name : query;
    return { lat, lng, label: label.slice(0, 300) };
  }

  /** Places of worship, or restaurants and cafés, within radiusKm of a point (nodes and ways). */
  async function findAround(kind: PlaceKind, center: Point, radiusKm: number): Promise<OverpassElement[]> {
    const filter =
      kind === 'churches' ? '["amenity"="place_of_worship"]' : '["amenity"~"^(restaurant|cafe)$"]';
    const around = `(around:${Math.round(radiusKm * 1000)},${center.lat.toFixed(6)},${center.lng.toFixed(6)})`;
    // Unsorted by distance, so everything within the radius comes back; the cap bounds a dense city.
    const query = `[out:json][timeout:10];(node${filter}["name"]${around};way${filter}["name"]${around};);out center 2000;`;
    const answer = await fetchJson(
      'overpass',
      options.overpassUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data: query }).toString(),
      },
      options.overpassTimeoutMs ?? 15_000,
    );
    const elements = (answer as { elements?: unknown } | null)?.elements;
    if (!Array.isArray(elements)) throw mapGarbled();
    const remark = (answer as { remark?: unknown }).remark;
    // Overpass reports its own timeouts and memory limits in a 200 with a remark and partial elements.
    if (typeof remark === 'string' && /error/i.test(remark)) {
      log.warn({ remark: remark.slice(0, 200) }, 'overpass could not finish a query');
      throw mapBusy();
    }
    return elements.filter(
      (e): e is OverpassElement => typeof e === 'object' && e !== null && typeof e.id === 'number',
    );
  }

  return { geocode, findAround };
}

export type OsmClient = ReturnType<typeof createOsmClient>;
