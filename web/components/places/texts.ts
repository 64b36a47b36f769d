import { PLACES_MESSAGES, type PlaceKind } from '@common/schemas/places.ts';

/** What the dialogs say (spec sections 1, 2, 5: 'Find Local Churches', 'Find Local Restaurants'). */
export const PLACES_TEXTS: Record<
  PlaceKind,
  { title: string; intro: string; noun: string; listLabel: string; searching: string }
> = {
  churches: {
    title: 'Find Local Churches',
    intro: 'Churches and other places of worship near a city, a ZIP code or your location.',
    noun: 'churches',
    listLabel: 'Churches',
    searching: 'Searching for churches...',
  },
  restaurants: {
    title: 'Find Local Restaurants',
    intro: 'Restaurants and cafés near a city, a ZIP code or your location.',
    noun: 'restaurants',
    listLabel: 'Restaurants',
    searching: 'Searching for restaurants...',
  },
};

export const PLACES_UI = {
  searchLabel: 'City or ZIP code',
  searchPlaceholder: 'e.g. Springfield',
  search: 'Search',
  useLocation: 'Use my location',
  locating: 'Finding your location...',
  // Spec section 5: the search needs a city/ZIP or the device location.
  needed: PLACES_MESSAGES.needed,
  locationDenied: 'Location access was denied. Type a city or ZIP code instead.',
  locationUnavailable: 'Your location could not be found. Type a city or ZIP code instead.',
  noGeolocation: 'This browser cannot share your location. Type a city or ZIP code instead.',
  openInOsm: 'Open in OpenStreetMap',
  tryAgain: 'Try again',
  attribution: 'Map data © OpenStreetMap contributors',
} as const;

export const emptyText = (kind: PlaceKind, near: string) =>
  `No ${PLACES_TEXTS[kind].noun} found near ${near}.`;

/** '250 m' under a kilometre, '1.2 km' above. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}
