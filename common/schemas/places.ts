import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
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
  nul: 'The city or ZIP code cannot contain NUL characters.',
  lat: 'lat must be a number from -90 to 90.',
  lng: 'lng must be a number from -180 to 180.',
  // Spec section 5: the search needs a city/ZIP or the device location.
  needed: 'Enter a city or ZIP code, or use your location.',
  both: 'Search by a city or ZIP code, or by your location, not both.',
  pair: 'A location needs both lat and lng.',
} as const;

export const PLACES_ERRORS = defineErrors({
  place_kind_invalid: PLACES_MESSAGES.kind,
  place_query_invalid: 'Enter a city or ZIP code ({{min}} to {{max}} characters).',
  place_query_nul: PLACES_MESSAGES.nul,
  lat_invalid: PLACES_MESSAGES.lat,
  lng_invalid: PLACES_MESSAGES.lng,
  place_needed: PLACES_MESSAGES.needed,
  place_query_and_point: PLACES_MESSAGES.both,
  place_point_incomplete: PLACES_MESSAGES.pair,
});
const { rule, issue } = rulesOf(PLACES_ERRORS);
const queryRule = rule('place_query_invalid', { min: PLACE_QUERY_MIN_LENGTH, max: PLACE_QUERY_MAX_LENGTH });

const coordinate = (max: number, code: 'lat_invalid' | 'lng_invalid') =>
  z.optional(
    z.pipe(
      z.string(rule(code)).check(z.trim(), z.regex(/^-?\d{1,3}(\.\d{1,15})?$/, rule(code))),
      z.pipe(
        z.transform((value: string) => Number(value)),
        z.number(rule(code)).check(z.gte(-max, rule(code)), z.lte(max, rule(code))),
      ),
    ),
  );

/** GET /api/places: `kind` and exactly one of `q` (a city or ZIP) or `lat` + `lng` (the device). */
export const placesQuerySchema = z
  .strictObject({
    kind: z.enum(PLACE_KINDS, rule('place_kind_invalid')),
    q: z.optional(
      text({
        label: 'The place',
        min: PLACE_QUERY_MIN_LENGTH,
        max: PLACE_QUERY_MAX_LENGTH,
        typeError: queryRule,
        required: queryRule,
        tooLong: queryRule,
        nul: rule('place_query_nul'),
      }),
    ),
    lat: coordinate(90, 'lat_invalid'),
    lng: coordinate(180, 'lng_invalid'),
  })
  .check(
    z.superRefine((value, ctx) => {
      const hasPoint = value.lat !== undefined || value.lng !== undefined;
      if (value.q !== undefined && hasPoint)
        ctx.addIssue({ code: 'custom', ...issue('place_query_and_point') });
      else if (hasPoint && (value.lat === undefined || value.lng === undefined)) {
        ctx.addIssue({ code: 'custom', ...issue('place_point_incomplete') });
      } else if (!hasPoint && value.q === undefined) {
        ctx.addIssue({ code: 'custom', ...issue('place_needed') });
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
