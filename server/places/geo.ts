import { PLACES_MAX_RESULTS, type Place, type PlaceKind } from '@common/schemas/places.ts';

export interface Point {
  lat: number;
  lng: number;
}

/** One element of an Overpass answer: a node has lat/lon, a way `out center` has a center. */
export interface OverpassElement {
  type: string;
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const clean = (value: string | undefined) => value?.replace(/\s+/g, ' ').trim() || undefined;

/** "12 Main Street, Springfield 62701" from addr:* tags; null when the place has none. */
export function addressOf(tags: Record<string, string>): string | null {
  const full = clean(tags['addr:full']);
  if (full) return full;
  const street = clean(tags['addr:street']) ?? clean(tags['addr:place']);
  const line1 = [clean(tags['addr:housenumber']), street].filter(Boolean).join(' ');
  const line2 = [clean(tags['addr:city']), clean(tags['addr:postcode'])].filter(Boolean).join(' ');
  // A house number alone says nothing without its street.
  const parts = [street ? line1 : '', line2].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, ' ');

/** A short description of the place: the religion (and denomination), or restaurant/café and cuisine. */
export function detailOf(kind: PlaceKind, tags: Record<string, string>): string | null {
  if (kind === 'churches') {
    const religion = clean(tags.religion);
    const denomination = clean(tags.denomination);
    const parts = [religion, denomination].filter((p): p is string => !!p).map(capitalize);
    return parts.length > 0 ? parts.join(' · ') : null;
  }
  const what = tags.amenity === 'cafe' ? 'Café' : 'Restaurant';
  const cuisine = clean(tags.cuisine)?.split(';')[0];
  return cuisine ? `${what} · ${capitalize(cuisine)}` : what;
}

function pointOf(element: OverpassElement): Point | null {
  const lat = element.lat ?? element.center?.lat;
  const lng = element.lon ?? element.center?.lon;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat, lng };
}

/** Named nodes and ways nearest first, at most PLACES_MAX_RESULTS; anything unnamed or odd is skipped. */
export function nearestPlaces(kind: PlaceKind, center: Point, elements: OverpassElement[]): Place[] {
  const places: Place[] = [];
  const seen = new Set<string>();
  for (const element of elements) {
    if (element.type !== 'node' && element.type !== 'way') continue;
    if (!Number.isSafeInteger(element.id) || element.id <= 0) continue;
    const tags = element.tags ?? {};
    const name = clean(tags.name);
    const point = pointOf(element);
    const id = `${element.type}/${element.id}`;
    if (!name || !point || seen.has(id)) continue;
    seen.add(id);
    places.push({
      id,
      name: name.slice(0, 200),
      address: addressOf(tags)?.slice(0, 300) ?? null,
      detail: detailOf(kind, tags),
      distance_km: Math.round(distanceKm(center, point) * 100) / 100,
      lat: point.lat,
      lng: point.lng,
      osm_url: `https://www.openstreetmap.org/${id}`,
    });
  }
  places.sort((a, b) => a.distance_km - b.distance_km || a.name.localeCompare(b.name));
  return places.slice(0, PLACES_MAX_RESULTS);
}
