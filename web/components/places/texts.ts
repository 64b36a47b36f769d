import type { PLACES_MESSAGES, PlaceKind } from '@common/schemas/places.ts';
import { currentLocale, i18n } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';

/**
 * What the dialogs say (spec sections 1, 2, 5: 'Find Local Churches', 'Find Local Restaurants'), as
 * catalogue keys: the screens show t(text).
 */
export const PLACES_TEXTS: Record<PlaceKind, { title: string; intro: string; searching: string }> = {
  churches: {
    title: msg('Find Local Churches'),
    intro: msg('Churches and other places of worship near a city, a ZIP code or your location.'),
    searching: msg('Searching for churches...'),
  },
  restaurants: {
    title: msg('Find Local Restaurants'),
    intro: msg('Restaurants and cafés near a city, a ZIP code or your location.'),
    searching: msg('Searching for restaurants...'),
  },
};

/** Catalogue keys too: the screens show t(PLACES_UI.x). */
export const PLACES_UI = {
  searchLabel: msg('City or ZIP code'),
  searchPlaceholder: msg('e.g. Springfield'),
  search: msg('Search'),
  useLocation: msg('Use my location'),
  locating: msg('Finding your location...'),
  // Spec section 5: the search needs a city/ZIP or the device location (the server's sentence).
  needed: msg('Enter a city or ZIP code, or use your location.') satisfies typeof PLACES_MESSAGES.needed,
  locationDenied: msg('Location access was denied. Type a city or ZIP code instead.'),
  locationUnavailable: msg('Your location could not be found. Type a city or ZIP code instead.'),
  noGeolocation: msg('This browser cannot share your location. Type a city or ZIP code instead.'),
  openInOsm: msg('Open in OpenStreetMap'),
  tryAgain: msg('Try again'),
  attribution: msg('Map data © OpenStreetMap contributors'),
  yourLocation: msg('your location'),
} as const;

/** What the dialog says when nothing was found near `near` (as the member typed it). */
export const emptyText = (kind: PlaceKind, near: string) =>
  kind === 'churches'
    ? i18n.t('No churches found near {{near}}.', { near })
    : i18n.t('No restaurants found near {{near}}.', { near });

/** The results list's name. */
export const listLabel = (kind: PlaceKind, near: string) =>
  kind === 'churches'
    ? i18n.t('Churches near {{near}}', { near })
    : i18n.t('Restaurants near {{near}}', { near });

/** '250 m' under a kilometre, '1.2 km' above (in the interface's language). */
export function formatDistance(km: number): string {
  const unit = (unit: 'meter' | 'kilometer', digits: number) =>
    new Intl.NumberFormat(currentLocale(), {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
  if (km < 1) return unit('meter', 0).format(Math.max(10, Math.round((km * 1000) / 10) * 10));
  return km < 10 ? unit('kilometer', 1).format(km) : unit('kilometer', 0).format(Math.round(km));
}
