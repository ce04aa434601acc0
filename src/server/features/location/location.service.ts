// One location service, two providers: what3words when a key is configured, otherwise the offline grid.
// Both answer the spec's conversion result and refuse with typed errors carrying a LocationErrorCode.
import type { ConversionResult, LocationProvider } from '#shared/contracts/location.ts';
import { locationMessages, locationRefusalTitles } from '#shared/domain/location-messages.ts';
import type { Config } from '#server/config.ts';
import { AppError, ValidationError } from '#server/errors.ts';
import { createGridCode, EDINBURGH_REGION, type GridRegion } from './grid-code.ts';
import { suggestGridWords } from './grid-suggestions.ts';
import { createWhat3wordsClient } from './what3words-client.ts';

export interface LocationServiceOptions {
  provider: LocationProvider;
  /** Required for what3words. */
  w3wApiKey?: string;
  w3wApiUrl?: string;
  /** what3words call timeout; 5 s unless a test shortens it. */
  w3wTimeoutMs?: number;
  /** The grid's region; the City of Edinburgh council area unless given. */
  region?: GridRegion;
}

export interface LocationService {
  readonly provider: LocationProvider;
  /** The city's region: reports are placed only inside it. */
  readonly region: GridRegion;
  wordsToCoordinates(words: string): Promise<ConversionResult>;
  coordinatesToWords(lat: number, lng: number): Promise<ConversionResult>;
  /** Up to three real locations in the city spelt like `words` (what3words AutoSuggest, or the grid's). */
  suggest(words: string): Promise<string[]>;
  /**
   * The typed words checked when a report is made: their place in the city, or a 400 refusal in the
   * person's words with suggestions. A provider that cannot answer throws its own 5xx error unchanged.
   */
  checkWords(words: string): Promise<ConversionResult>;
}

export function insideRegion(region: GridRegion, lat: number, lng: number): boolean {
  return lat >= region.south && lat <= region.north && lng >= region.west && lng <= region.east;
}

/** A provider that could not answer (down, timed out, key refused, quota used up), as opposed to a refusal. */
export function isProviderFailure(error: unknown): boolean {
  return error instanceof AppError && error.statusCode >= 500;
}

function withChecks(base: Omit<LocationService, 'checkWords' | 'region'>, region: GridRegion): LocationService {
  async function refusal(words: string, error: AppError): Promise<ValidationError> {
    const suggestions = await base.suggest(words).catch(() => []);
    const outside = error.options.code === 'OutsideArea';
    return new ValidationError(error.message, {
      code: error.options.code ?? 'BadWords',
      title:
        outside && base.provider === 'what3words' ? locationRefusalTitles.outsideCity : locationRefusalTitles.notFound,
      suggestions,
    });
  }
  return {
    ...base,
    region,
    async checkWords(words) {
      let result: ConversionResult;
      try {
        result = await base.wordsToCoordinates(words);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) throw await refusal(words, error);
        throw error;
      }
      if (!insideRegion(region, result.lat, result.lng)) {
        throw await refusal(words, new ValidationError(locationMessages.outsideCity, { code: 'OutsideArea' }));
      }
      return result;
    },
  };
}

export function createLocationService(options: LocationServiceOptions): LocationService {
  if (options.provider === 'what3words') {
    if (!options.w3wApiKey) throw new Error('The what3words location provider needs W3W_API_KEY');
    const client = createWhat3wordsClient({
      apiKey: options.w3wApiKey,
      baseUrl: options.w3wApiUrl,
      timeoutMs: options.w3wTimeoutMs,
    });
    const region = options.region ?? EDINBURGH_REGION;
    return withChecks(
      {
        provider: 'what3words',
        wordsToCoordinates: (words) => client.wordsToCoordinates(words),
        coordinatesToWords: (lat, lng) => client.coordinatesToWords(lat, lng),
        suggest: (words) => client.autosuggest(words, region),
      },
      region,
    );
  }
  const grid = createGridCode(options.region);
  return withChecks(
    {
      provider: 'grid',
      wordsToCoordinates: async (words) => grid.decode(words),
      coordinatesToWords: async (lat, lng) => grid.encode(lat, lng),
      suggest: async (words) => suggestGridWords(grid, words),
    },
    grid.region,
  );
}

/** The provider: what3words when `W3W_API_KEY` is set, otherwise the grid. */
export function locationServiceFromConfig(config: Pick<Config, 'w3wApiKey' | 'w3wApiUrl'>): LocationService {
  return config.w3wApiKey
    ? createLocationService({ provider: 'what3words', w3wApiKey: config.w3wApiKey, w3wApiUrl: config.w3wApiUrl })
    : createLocationService({ provider: 'grid' });
}
