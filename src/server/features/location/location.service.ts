// One location service, two providers: what3words when a key is configured, otherwise the offline grid.
// Both answer the spec's conversion result and refuse with typed errors carrying a LocationErrorCode.
import type { ConversionResult, LocationProvider, SuggestionDetails } from '#shared/contracts/location.ts';
import { locationMessages, locationRefusalTitles } from '#shared/domain/location-messages.ts';
import { haversineMetres, type Point } from '#shared/domain/geo.ts';
import type { Config } from '#server/config.ts';
import { AppError, ValidationError } from '#server/errors.ts';
import { areaAt, CITY_CENTRE } from './city-areas.ts';
import { createGridCode, EDINBURGH_REGION, type GridRegion } from './grid-code.ts';
import { suggestGridWords } from './grid-suggestions.ts';
import { createWhat3wordsClient } from './what3words-client.ts';

export interface LocationServiceOptions {
  provider: LocationProvider;
  /** Required for what3words. */
  w3wApiKey?: string;
  w3wApiUrl?: string;
}

/** Where the person is known to be, to put the nearest suggestions first: their device, or their photo's GPS. */
export interface SuggestionFocus extends Point {
  from: 'device' | 'photo' | 'report';
}

export interface LocationService {
  readonly provider: LocationProvider;
  /** The city's region: reports are placed only inside it. */
  readonly region: GridRegion;
  wordsToCoordinates(words: string): Promise<ConversionResult>;
  coordinatesToWords(lat: number, lng: number): Promise<ConversionResult>;
  /**
   * Up to three real locations in the city spelt like `words` (what3words AutoSuggest, or the grid's),
   * nearest first to `near` when it lies in the city, else to the city centre, each with its area and distance.
   */
  suggest(words: string, near?: SuggestionFocus): Promise<SuggestionDetails>;
  /**
   * The typed words checked when a report is made: their place in the city, or a 400 refusal in the
   * person's words with suggestions (ranked from `near`). A provider that cannot answer throws its own
   * 5xx error unchanged.
   */
  checkWords(words: string, near?: SuggestionFocus): Promise<ConversionResult>;
}

/** A suggestion as a provider gives it: the words, their place when known, and the area it names. */
interface ProviderSuggestion {
  words: string;
  point: Point | null;
  area: string | null;
}

interface ProviderBase extends Pick<LocationService, 'provider' | 'wordsToCoordinates' | 'coordinatesToWords'> {
  /** Real locations spelt like `words`, the likeliest first, favouring those near `focus`. */
  suggestPlaces(words: string, focus: Point): Promise<ProviderSuggestion[]>;
}

export function insideRegion(region: GridRegion, lat: number, lng: number): boolean {
  return lat >= region.south && lat <= region.north && lng >= region.west && lng <= region.east;
}

/** A provider that could not answer (down, timed out, key refused, quota used up), as opposed to a refusal. */
export function isProviderFailure(error: unknown): boolean {
  return error instanceof AppError && error.statusCode >= 500;
}

function withChecks(base: ProviderBase): LocationService {
  const region = EDINBURGH_REGION;
  async function suggest(words: string, near?: SuggestionFocus): Promise<SuggestionDetails> {
    // A position outside the city says nothing about which place in it was meant.
    const usable = near && insideRegion(region, near.latitude, near.longitude) ? near : null;
    const focus = usable ?? CITY_CENTRE;
    const places = (await base.suggestPlaces(words, focus)).map(({ words: found, point, area }) => ({
      words: found,
      area,
      distanceMetres: point ? Math.round(haversineMetres(focus, point)) : null,
    }));
    // Nearest first; a place the provider could not locate keeps its rank after those it could.
    const ranked = places
      .map((place, rank) => ({ place, rank }))
      .sort((x, y) => (x.place.distanceMetres ?? Infinity) - (y.place.distanceMetres ?? Infinity) || x.rank - y.rank)
      .map(({ place }) => place);
    return { from: usable?.from ?? 'city-centre', places: ranked };
  }

  async function refusal(words: string, error: AppError, near?: SuggestionFocus): Promise<ValidationError> {
    const details = await suggest(words, near).catch(() => null);
    const outside = error.options.code === 'OutsideArea';
    return new ValidationError(error.message, {
      code: error.options.code ?? 'BadWords',
      title:
        outside && base.provider === 'what3words' ? locationRefusalTitles.outsideCity : locationRefusalTitles.notFound,
      suggestions: details?.places.map((place) => place.words) ?? [],
      ...(details ? { suggestionDetails: details } : {}),
    });
  }
  return {
    provider: base.provider,
    wordsToCoordinates: (words) => base.wordsToCoordinates(words),
    coordinatesToWords: (lat, lng) => base.coordinatesToWords(lat, lng),
    region,
    suggest,
    async checkWords(words, near) {
      let result: ConversionResult;
      try {
        result = await base.wordsToCoordinates(words);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) throw await refusal(words, error, near);
        throw error;
      }
      if (!insideRegion(region, result.lat, result.lng)) {
        throw await refusal(words, new ValidationError(locationMessages.outsideCity, { code: 'OutsideArea' }), near);
      }
      return result;
    },
  };
}

export function createLocationService(options: LocationServiceOptions): LocationService {
  if (options.provider === 'what3words') {
    if (!options.w3wApiKey) throw new Error('The what3words location provider needs W3W_API_KEY');
    const client = createWhat3wordsClient({ apiKey: options.w3wApiKey, baseUrl: options.w3wApiUrl });
    return withChecks({
      provider: 'what3words',
      wordsToCoordinates: (words) => client.wordsToCoordinates(words),
      coordinatesToWords: (lat, lng) => client.coordinatesToWords(lat, lng),
      async suggestPlaces(words, focus) {
        const found = await client.autosuggest(words, EDINBURGH_REGION, focus);
        // AutoSuggest names each place but gives its distance only in whole kilometres: the exact
        // place of each (three at most) is asked for, and one that cannot be had is shown without.
        return Promise.all(
          found.map(async ({ words: suggested, nearestPlace }) => {
            const point = await client.wordsToCoordinates(suggested).then(
              (place) => ({ latitude: place.lat, longitude: place.lng }),
              () => null,
            );
            return { words: suggested, point, area: nearestPlace ?? (point && areaAt(point)) };
          }),
        );
      },
    });
  }
  const grid = createGridCode();
  return withChecks({
    provider: 'grid',
    wordsToCoordinates: async (words) => grid.decode(words),
    coordinatesToWords: async (lat, lng) => grid.encode(lat, lng),
    suggestPlaces: async (words, focus) =>
      suggestGridWords(grid, words, focus).map(({ words: found, point }) => ({
        words: found,
        point,
        area: areaAt(point),
      })),
  });
}

/** The provider: what3words when `W3W_API_KEY` is set, otherwise the grid. */
export function locationServiceFromConfig(config: Pick<Config, 'w3wApiKey' | 'w3wApiUrl'>): LocationService {
  return config.w3wApiKey
    ? createLocationService({ provider: 'what3words', w3wApiKey: config.w3wApiKey, w3wApiUrl: config.w3wApiUrl })
    : createLocationService({ provider: 'grid' });
}
