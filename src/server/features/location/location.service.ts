// One location service, two providers: what3words when a key is configured, otherwise the offline grid.
// Both answer the spec's conversion result and refuse with typed errors carrying a LocationErrorCode.
import type { ConversionResult, LocationProvider } from '#shared/contracts/location.ts';
import type { Config } from '#server/config.ts';
import { createGridCode, type GridRegion } from './grid-code.ts';
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
  wordsToCoordinates(words: string): Promise<ConversionResult>;
  coordinatesToWords(lat: number, lng: number): Promise<ConversionResult>;
}

export function createLocationService(options: LocationServiceOptions): LocationService {
  if (options.provider === 'what3words') {
    if (!options.w3wApiKey) throw new Error('The what3words location provider needs W3W_API_KEY');
    const client = createWhat3wordsClient({
      apiKey: options.w3wApiKey,
      baseUrl: options.w3wApiUrl,
      timeoutMs: options.w3wTimeoutMs,
    });
    return {
      provider: 'what3words',
      wordsToCoordinates: (words) => client.wordsToCoordinates(words),
      coordinatesToWords: (lat, lng) => client.coordinatesToWords(lat, lng),
    };
  }
  const grid = createGridCode(options.region);
  return {
    provider: 'grid',
    wordsToCoordinates: async (words) => grid.decode(words),
    coordinatesToWords: async (lat, lng) => grid.encode(lat, lng),
  };
}

/** DESIGN.md: what3words when `W3W_API_KEY` is set, otherwise the grid. */
export function locationServiceFromConfig(config: Pick<Config, 'w3wApiKey' | 'w3wApiUrl'>): LocationService {
  return config.w3wApiKey
    ? createLocationService({ provider: 'what3words', w3wApiKey: config.w3wApiKey, w3wApiUrl: config.w3wApiUrl })
    : createLocationService({ provider: 'grid' });
}
