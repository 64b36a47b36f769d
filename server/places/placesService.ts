import type { PlaceKind, PlacesQuery, PlacesResult } from '@common/schemas/places.ts';
import { OUTSIDE } from '@server/cache/declared.ts';
import type { DB } from '@server/db/types.ts';
import { notFound } from '@server/http/errors.ts';
import type { Log } from '@server/log.ts';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { nearestPlaces, type Point } from './geo.ts';
import { createOsmClient, type Geocode, mapBusy } from './osm.ts';
import { createRateGate } from './rateGate.ts';

export interface PlacesServiceOptions {
  nominatimUrl: string;
  overpassUrl: string;
  publicUrl: string;
  db: Kysely<DB>;
  log: Log;
  /** Nominatim's policy: at most one request a second from the whole app. */
  nominatimIntervalMs?: number;
  /** How long a search waits for Nominatim's next free second before answering 'busy'. */
  nominatimMaxWaitMs?: number;
}

export const SEARCH_RADIUS_KM = 8;

export const placeNotFound = (query: string) => notFound('place_not_found', { query });

/** Same text, same key: case and spacing do not make another lookup. */
const geocodeKey = (query: string) => query.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A city, ZIP or point → the nearest places of one kind. Geocodes and place lists are kept 24 h in
 * bounded memory caches (OpenStreetMap data changes slowly, and both services ask clients to cache), and
 * a lookup already on its way is shared, so a search repeated at once costs the services nothing more.
 * Points are rounded to about 100 m for the place lists, so members near each other share entries.
 */
export function createPlacesService(options: PlacesServiceOptions) {
  const osm = createOsmClient({
    nominatimUrl: options.nominatimUrl,
    overpassUrl: options.overpassUrl,
    userAgent: `Splikz/0.1 (+${options.publicUrl})`,
    log: options.log,
  });
  const gate = createRateGate({
    db: options.db,
    name: 'rate:nominatim',
    intervalMs: options.nominatimIntervalMs ?? 1000,
    maxWaitMs: options.nominatimMaxWaitMs ?? 4000,
  });
  // `null` remembers that Nominatim knows no such place.
  const geocodes = new LRUCache<string, { found: Geocode | null }>({
    max: OUTSIDE.geocodes.maxKeys,
    ttl: OUTSIDE.geocodes.maxAgeMs,
  });
  const placeLists = new LRUCache<string, PlacesResult['places']>({
    max: OUTSIDE.placeLists.maxKeys,
    ttl: OUTSIDE.placeLists.maxAgeMs,
  });
  const inFlight = new Map<string, Promise<unknown>>();

  function shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    const started = load().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  async function geocode(query: string): Promise<Geocode | null> {
    const key = geocodeKey(query);
    const cached = geocodes.get(key);
    if (cached) return cached.found;
    return shared(`geocode:${key}`, async () => {
      if (!(await gate.take())) throw mapBusy();
      const found = await osm.geocode(query);
      geocodes.set(key, { found });
      return found;
    });
  }

  async function placesAround(kind: PlaceKind, center: Point) {
    const key = `${kind}:${center.lat.toFixed(3)},${center.lng.toFixed(3)}`;
    const cached = placeLists.get(key);
    if (cached) return cached;
    return shared(`places:${key}`, async () => {
      const elements = await osm.findAround(kind, center, SEARCH_RADIUS_KM);
      const places = nearestPlaces(kind, center, elements);
      placeLists.set(key, places);
      return places;
    });
  }

  return {
    /** A city, ZIP or address → its point, or null when OpenStreetMap knows no such place. */
    geocode,
    async search(query: PlacesQuery): Promise<PlacesResult> {
      let center: Geocode;
      if (query.q !== undefined) {
        const found = await geocode(query.q);
        if (!found) throw placeNotFound(query.q);
        center = found;
      } else {
        center = { lat: query.lat!, lng: query.lng!, label: 'your location' };
      }
      const places = await placesAround(query.kind, center);
      return { kind: query.kind, center, radius_km: SEARCH_RADIUS_KM, places };
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
