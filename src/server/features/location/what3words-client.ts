// The what3words v3 provider: two GET calls with our key, and
// their refusals turned into our own statuses and codes (docs/decisions/002-location-service-errors.md).
import { z } from 'zod';
import {
  locationErrorTitles,
  locationMessages,
  type ConversionResult,
  type LocationErrorCode,
} from '#shared/contracts/location.ts';
import { messages } from '#shared/domain/messages.ts';
import { isThreeWordFormat, normaliseThreeWords } from '#shared/domain/three-words.ts';
import { AppError } from '#server/errors.ts';

const WHAT3WORDS_API_URL = 'https://api.what3words.com/v3';
const WHAT3WORDS_TIMEOUT_MS = 5000;

export interface What3wordsClientOptions {
  apiKey: string;
  /** `W3W_API_URL`; a trailing slash is ignored. */
  baseUrl?: string;
  timeoutMs?: number;
}

/** What we learned from what3words when a call failed: logged with the error, never sent to the client. */
export interface UpstreamFailure {
  status?: number;
  code?: string;
  message?: string;
}

/** A refused conversion. Its 5xx statuses mean "our upstream failed", never "sign in" (no 401 here). */
export class LocationServiceError extends AppError {
  constructor(
    statusCode: number,
    message: string,
    code: LocationErrorCode,
    title: string | undefined,
    readonly upstream: UpstreamFailure = {},
  ) {
    super(statusCode, message, { code, ...(title ? { title } : {}) });
  }
}

const successSchema = z.object({
  coordinates: z.object({ lat: z.number(), lng: z.number() }),
  words: z.string(),
  language: z.string(),
  map: z.string(),
});

const suggestionsSchema = z.object({
  suggestions: z.array(z.object({ words: z.string(), nearestPlace: z.string().optional() })),
});

export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string().optional() }),
});

export function createWhat3wordsClient(options: What3wordsClientOptions) {
  const baseUrl = (options.baseUrl ?? WHAT3WORDS_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? WHAT3WORDS_TIMEOUT_MS;

  /** One GET with our key; answers the parsed JSON body of a 2xx, or throws our LocationServiceError. */
  async function request(operation: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${baseUrl}/${operation}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('key', options.apiKey);

    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'GET',
        headers: { 'X-Api-Key': options.apiKey, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (isTimeout(error)) {
        throw new LocationServiceError(504, locationMessages.timeout, 'Timeout', locationErrorTitles.service, {
          message: `no answer within ${timeoutMs} ms`,
        });
      }
      throw serviceError({ message: error instanceof Error ? error.message : String(error) });
    }

    const body = parseJson(text);
    if (response.ok) return body;
    throw toLocationError(response.status, errorBodySchema.safeParse(body).data?.error);
  }

  async function call(operation: string, params: Record<string, string>): Promise<ConversionResult> {
    const parsed = successSchema.safeParse(await request(operation, params));
    if (!parsed.success) throw serviceError({ message: 'unexpected success body' });
    const { coordinates, words, language, map } = parsed.data;
    return { lat: coordinates.lat, lng: coordinates.lng, words: normaliseThreeWords(words), language, map };
  }

  return {
    async wordsToCoordinates(input: string): Promise<ConversionResult> {
      const words = normaliseThreeWords(input);
      if (!isThreeWordFormat(words)) {
        throw new LocationServiceError(400, messages.report.locationInvalid, 'BadWords', undefined);
      }
      return call('convert-to-coordinates', { words });
    },

    async coordinatesToWords(lat: number, lng: number): Promise<ConversionResult> {
      return call('convert-to-3wa', { coordinates: `${lat},${lng}`, language: 'en' });
    },

    /**
     * AutoSuggest: real addresses spelt like `input`, only those inside `box` (clip-to-bounding-box is
     * south,west,north,east), best first; those near `focus` are favoured. Each comes with the place
     * what3words names as nearest ('Leith, Edinburgh').
     */
    async autosuggest(input: string, box: BoundingBox, focus: { latitude: number; longitude: number }, limit = 3) {
      const body = await request('autosuggest', {
        input: normaliseThreeWords(input),
        'clip-to-bounding-box': [box.south, box.west, box.north, box.east].join(','),
        focus: `${focus.latitude},${focus.longitude}`,
        'n-results': String(limit),
        language: 'en',
      });
      const parsed = suggestionsSchema.safeParse(body);
      if (!parsed.success) throw serviceError({ message: 'unexpected autosuggest body' });
      return parsed.data.suggestions
        .map((s) => ({ words: normaliseThreeWords(s.words), nearestPlace: s.nearestPlace || null }))
        .slice(0, limit);
    },
  };
}

/** what3words' refusal -> ours. 401 and 402 become 502 and 503: our client reads 401 as "please sign in". */
function toLocationError(status: number, error: { code: string; message?: string } | undefined): LocationServiceError {
  const upstream: UpstreamFailure = { status, code: error?.code, message: error?.message };
  if (status === 401 || error?.code === 'InvalidKey') {
    return new LocationServiceError(
      502,
      locationMessages.authentication,
      'InvalidKey',
      locationErrorTitles.authentication,
      upstream,
    );
  }
  if (status === 402 || error?.code === 'QuotaExceeded') {
    return new LocationServiceError(503, locationMessages.quota, 'QuotaExceeded', locationErrorTitles.quota, upstream);
  }
  if (status === 400 && (error?.code === 'BadWords' || error?.code === 'MissingWords')) {
    return new LocationServiceError(400, locationMessages.unknownWords, 'BadWords', undefined, upstream);
  }
  if (status === 400 && error?.code === 'BadCoordinates') {
    return new LocationServiceError(
      400,
      error.message ?? 'Those coordinates are not valid.',
      'BadCoordinates',
      undefined,
      upstream,
    );
  }
  return serviceError(upstream);
}

/** what3words failed us in a way the person cannot help: 502, in the words for any provider failure. */
function serviceError(upstream: UpstreamFailure): LocationServiceError {
  return new LocationServiceError(502, locationMessages.service, 'ServiceError', locationErrorTitles.service, upstream);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError'))
  );
}
