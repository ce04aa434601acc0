// Thin HTTP layer for three-word locations: the browser converts through us, so no key reaches it.
import type { FastifyInstance } from 'fastify';
import { locationEndpoints as endpoints } from '#shared/contracts/location.ts';
import { serve } from '#server/http/serve.ts';
import type { LocationService } from './location.service.ts';

/**
 * The limit on any route that asks the location provider to convert: per client, per minute, so nobody
 * spends the what3words quota through us.
 */
export const conversionRateLimit = (max = 60) => ({ max, timeWindow: '1 minute' }) as const;

export async function locationRoutes(app: FastifyInstance, { location }: { location: LocationService }) {
  // The caller's own position and words: never kept by a cache.
  const limited = { access: 'public', personal: true, rateLimit: conversionRateLimit() } as const;

  serve(app, endpoints.coordinatesToWords, limited, (request) =>
    location.coordinatesToWords(request.query.lat, request.query.lng),
  );

  serve(app, endpoints.wordsToCoordinates, limited, (request) => location.wordsToCoordinates(request.query.words));

  serve(app, endpoints.provider, { access: 'public' }, () => ({ provider: location.provider }));
}
