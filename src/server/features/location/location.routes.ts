// Thin HTTP layer for three-word locations: the browser converts through us, so no key reaches it.
import type { FastifyInstance } from 'fastify';
import { locationEndpoints as endpoints } from '#shared/contracts/location.ts';
import { serve } from '#server/http/serve.ts';
import type { LocationService } from './location.service.ts';

/**
 * The limit on any route that asks the location provider to convert: per client, per minute, so nobody
 * spends the what3words quota through us.
 */
export const conversionRateLimit = { max: 60, timeWindow: '1 minute' } as const;

export async function locationRoutes(app: FastifyInstance, { location }: { location: LocationService }) {
  const limited = { access: 'public', rateLimit: conversionRateLimit } as const;

  serve(app, endpoints.coordinatesToWords, limited, async (request, reply) => {
    const result = await location.coordinatesToWords(request.query.lat, request.query.lng);
    void reply.header('Cache-Control', 'no-store');
    return result;
  });

  serve(app, endpoints.wordsToCoordinates, limited, async (request, reply) => {
    const result = await location.wordsToCoordinates(request.query.words);
    void reply.header('Cache-Control', 'no-store');
    return result;
  });

  serve(app, endpoints.provider, { access: 'public' }, () => ({ provider: location.provider }));
}
