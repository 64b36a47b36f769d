import { describe, expect, it } from 'vitest';
import { addressOf, detailOf, distanceKm, nearestPlaces } from './geo.ts';

describe('places geometry', () => {
  it('measures great-circle distances', () => {
    // Paris to London is about 344 km.
    expect(distanceKm({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 })).toBeCloseTo(343.5, 0);
    expect(distanceKm({ lat: 10, lng: 10 }, { lat: 10, lng: 10 })).toBe(0);
    // One hundredth of a degree of latitude is about 1.11 km.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0.01, lng: 0 })).toBeCloseTo(1.112, 2);
  });

  it('writes an address from addr:* tags, or none', () => {
    expect(
      addressOf({
        'addr:housenumber': '12',
        'addr:street': 'Main Street',
        'addr:city': 'Springfield',
        'addr:postcode': '62701',
      }),
    ).toBe('12 Main Street, Springfield 62701');
    expect(addressOf({ 'addr:street': 'Elm Road' })).toBe('Elm Road');
    expect(addressOf({ 'addr:housenumber': '4', 'addr:city': 'Shelbyville' })).toBe('Shelbyville');
    expect(addressOf({ 'addr:full': '1 Rue de la Paix, Paris' })).toBe('1 Rue de la Paix, Paris');
    expect(addressOf({ name: 'No address' })).toBeNull();
  });

  it('describes places of worship and places to eat', () => {
    expect(detailOf('churches', { religion: 'christian', denomination: 'roman_catholic' })).toBe(
      'Christian · Roman catholic',
    );
    expect(detailOf('churches', {})).toBeNull();
    expect(detailOf('restaurants', { amenity: 'cafe' })).toBe('Café');
    expect(detailOf('restaurants', { amenity: 'restaurant', cuisine: 'italian;pizza' })).toBe(
      'Restaurant · Italian',
    );
  });

  it('keeps named nodes and ways, nearest first, with OpenStreetMap links', () => {
    const center = { lat: 0, lng: 0 };
    const places = nearestPlaces('churches', center, [
      { type: 'node', id: 1, lat: 0.02, lon: 0, tags: { name: 'Far' } },
      { type: 'node', id: 2, lat: 0.001, lon: 0, tags: {} },
      { type: 'way', id: 3, center: { lat: 0.005, lon: 0 }, tags: { name: 'Near' } },
      { type: 'way', id: 4, tags: { name: 'No centre' } },
      { type: 'relation', id: 5, center: { lat: 0, lon: 0 }, tags: { name: 'Relation' } },
      { type: 'way', id: 3, center: { lat: 0.005, lon: 0 }, tags: { name: 'Near' } },
    ]);
    expect(places.map((p) => [p.name, p.osm_url])).toEqual([
      ['Near', 'https://www.openstreetmap.org/way/3'],
      ['Far', 'https://www.openstreetmap.org/node/1'],
    ]);
    expect(places[0]!.distance_km).toBeCloseTo(0.56, 2);
  });

  it('answers at most 30 places', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({
      type: 'node',
      id: i + 1,
      lat: (50 - i) / 1000,
      lon: 0,
      tags: { name: `Place ${i}` },
    }));
    const places = nearestPlaces('restaurants', { lat: 0, lng: 0 }, many);
    expect(places).toHaveLength(30);
    expect(places[0]!.name).toBe('Place 49');
  });
});
