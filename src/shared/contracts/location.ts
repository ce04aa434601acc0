// The location API contract: the server proxies both conversions so no key reaches the browser; the client
// takes its types, paths and error codes from here.
import { z } from 'zod';
import { messages } from '../domain/messages.ts';
import { isThreeWordFormat, normaliseThreeWords } from '../domain/three-words.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';

/** `grid`: our own offline code (not what3words addresses); `what3words`: the v3 API with our key. */
export const LOCATION_PROVIDERS = ['grid', 'what3words'] as const;
export const locationProviderSchema = z.enum(LOCATION_PROVIDERS);
export type LocationProvider = z.infer<typeof locationProviderSchema>;

export const locationProviderResponseSchema = z.object({ provider: locationProviderSchema });

/** The conversion result, the same for both providers and both directions. */
export const conversionResultSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  /** Normalised: lower-case, no leading `///`. */
  words: z.string(),
  language: z.string(),
  /** A link that shows the place: OpenStreetMap for the grid, w3w.co for what3words. */
  map: z.string(),
});
export type ConversionResult = z.infer<typeof conversionResultSchema>;

/**
 * The `code` of a refused conversion, for the client to branch on. InvalidKey and QuotaExceeded are
 * what3words' own codes; the grid provider only ever answers BadWords or OutsideArea.
 */
export const LOCATION_ERROR_CODES = [
  'InvalidKey',
  'QuotaExceeded',
  'BadWords',
  'BadCoordinates',
  'OutsideArea',
  'ServiceError',
  'Timeout',
] as const;
export const locationErrorCodeSchema = z.enum(LOCATION_ERROR_CODES);
export type LocationErrorCode = z.infer<typeof locationErrorCodeSchema>;

export { locationErrorTitles, locationMessages } from '../domain/location-messages.ts';

/**
 * What a suggestion's distance is measured from: the person's device, the position the photo was
 * taken at, the place an edited report already has, or the city centre when none is known (or it
 * lies outside the city).
 */
export const SUGGESTIONS_MEASURED_FROM = ['device', 'photo', 'report', 'city-centre'] as const;

/** One real location offered for words that name no place, with where it is and how far. */
export const suggestedPlaceSchema = z.object({
  words: z.string(),
  /** A district or place a person knows ('Leith'); null when none is near. */
  area: z.string().nullable(),
  /** Whole metres from `from`; null when the provider could not say where the place is. */
  distanceMetres: z.number().int().nullable(),
});

/** Suggestions for a refused location, nearest first. */
export const suggestionDetailsSchema = z.object({
  from: z.enum(SUGGESTIONS_MEASURED_FROM),
  places: z.array(suggestedPlaceSchema),
});
export type SuggestionDetails = z.infer<typeof suggestionDetailsSchema>;

const coordinate = (name: string, min: number, max: number) =>
  z.union([z.string(), z.number()], { error: `${name} is required` }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `${name} must be a number from ${min} to ${max}` });
      return z.NEVER;
    }
    return n;
  });

/** `GET /api/location/coordinates-to-words?lat=&lng=` */
export const coordinatesToWordsQuerySchema = z.object({
  lat: coordinate('lat', -90, 90),
  lng: coordinate('lng', -180, 180),
});

/** `GET /api/location/words-to-coordinates?words=` (a leading `///` and capitals are accepted). */
export const wordsToCoordinatesQuerySchema = z.object({
  words: z
    .string({ error: 'words is required' })
    .max(200, { message: messages.report.locationInvalid })
    .transform(normaliseThreeWords)
    .refine(isThreeWordFormat, { message: messages.report.locationInvalid }),
});

const routes = apiRoutes.location;
export const locationEndpoints = {
  coordinatesToWords: endpoint(routes.coordinatesToWords, {
    query: coordinatesToWordsQuerySchema,
    response: conversionResultSchema,
  }),
  wordsToCoordinates: endpoint(routes.wordsToCoordinates, {
    query: wordsToCoordinatesQuerySchema,
    response: conversionResultSchema,
  }),
  provider: endpoint(routes.provider, { response: locationProviderResponseSchema }),
};
