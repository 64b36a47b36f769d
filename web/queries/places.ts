import type { PlaceKind, PlacesResult } from '@common/schemas/places.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';

/** One search of the nearby-places dialog: by a city or ZIP, or by the device location. */
export type PlaceSearch = { kind: PlaceKind } & ({ q: string } | { lat: number; lng: number });

export const placeKeys = {
  all: ['places'] as const,
  search: (search: PlaceSearch) =>
    'q' in search
      ? (['places', search.kind, 'q', search.q.trim().toLowerCase()] as const)
      : (['places', search.kind, 'at', search.lat, search.lng] as const),
};

function searchParams(search: PlaceSearch): string {
  const params = new URLSearchParams({ kind: search.kind });
  if ('q' in search) params.set('q', search.q);
  else {
    params.set('lat', String(search.lat));
    params.set('lng', String(search.lng));
  }
  return params.toString();
}

/** Nearby churches or restaurants; idle until there is a search. The server caches, so no retries. */
export function usePlaces(search: PlaceSearch | null) {
  return useQuery({
    queryKey: search ? placeKeys.search(search) : ['places', 'idle'],
    queryFn: ({ signal }) => api<PlacesResult>(`/api/places?${searchParams(search!)}`, { signal }),
    enabled: search !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
