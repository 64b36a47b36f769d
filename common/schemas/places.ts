import { z } from 'zod/mini';
import { text } from './fields.ts';

/** 'Find Local Churches' and 'Find Local Restaurants' (spec sections 1, 2, 5; DESIGN section 6). */
export const PLACE_KINDS = ['churches', 'restaurants'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export const PLACE_QUERY_MIN_LENGTH = 2;
export const PLACE_QUERY_MAX_LENGTH = 100;
/** The most places one search answers with, nearest first. */
export const PLACES_MAX_RESULTS = 30;

export const PLACES_MESSAGES = {
  kind: 'kind must be churches or restaurants.',
  query: `Enter a city or ZIP code (${PLACE_QUERY_MIN_LENGTH} to ${PLACE_QUERY_MAX_LENGTH} characters).`,
  nul: 'The city or ZIP code cannot contain NUL characters.',
  lat: 'lat must be a number from -90 to 90.',
  lng: 'lng must be a number from -180 to 180.',
  // Spec section 5: the search needs a city/ZIP or the device location.
  needed: 'Enter a city or ZIP code, or use your location.',
  both: 'Search by a city or ZIP code, or by your location, not both.',
  pair: 'A location needs both lat and lng.',
} as const;

const coordinate = (max: number, message: string) =>
  z.optional(
    z.pipe(
      z.string({ error: message }).check(z.trim(), z.regex(/^-?\d{1,3}(\.\d{1,15})?$/, message)),
      z.pipe(
        z.transform((value: string) => Number(value)),
        z.number().check(z.gte(-max, message), z.lte(max, message)),
      ),
    ),
  );

/** GET /api/places: `kind` and exactly one of `q` (a city or ZIP) or `lat` + `lng` (the device). */
export const placesQuerySchema = z
  .strictObject({
    kind: z.enum(PLACE_KINDS, { error: PLACES_MESSAGES.kind }),
    q: z.optional(
      text({
        label: 'The place',
        min: PLACE_QUERY_MIN_LENGTH,
        max: PLACE_QUERY_MAX_LENGTH,
        typeError: PLACES_MESSAGES.query,
        required: PLACES_MESSAGES.query,
        tooLong: PLACES_MESSAGES.query,
        nul: PLACES_MESSAGES.nul,
      }),
    ),
    lat: coordinate(90, PLACES_MESSAGES.lat),
    lng: coordinate(180, PLACES_MESSAGES.lng),
  })
  .check(
    z.superRefine((value, ctx) => {
      const hasPoint = value.lat !== undefined || value.lng !== undefined;
      if (value.q !== undefined && hasPoint) ctx.addIssue({ code: 'custom', message: PLACES_MESSAGES.both });
      else if (hasPoint && (value.lat === undefined || value.lng === undefined)) {
        ctx.addIssue({ code: 'custom', message: PLACES_MESSAGES.pair });
      } else if (!hasPoint && value.q === undefined) {
        ctx.addIssue({ code: 'custom', message: PLACES_MESSAGES.needed });
      }
    }),
  );
export type PlacesQuery = z.infer<typeof placesQuerySchema>;

export const placeSchema = z.object({
  /** `node/123` or `way/456`: the OpenStreetMap element. */
  id: z.string(),
  name: z.string(),
  /** From the addr:* tags, when the place has them. */
  address: z.nullable(z.string()),
  /** What kind of place: 'Christian', 'Café', 'Restaurant · Italian'... */
  detail: z.nullable(z.string()),
  distance_km: z.number(),
  lat: z.number(),
  lng: z.number(),
  osm_url: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

export const placesResultSchema = z.object({
  kind: z.enum(PLACE_KINDS),
  /** What the search was near: the geocoded city or ZIP, or the device location. */
  center: z.object({ label: z.string(), lat: z.number(), lng: z.number() }),
  radius_km: z.number(),
  places: z.array(placeSchema),
});
export type PlacesResult = z.infer<typeof placesResultSchema>;
