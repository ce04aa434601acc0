// Thin HTTP layer for three-word locations: the browser converts through us, so no key reaches it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversionResultSchema,
  coordinatesToWordsQuerySchema,
  locationPaths,
  locationProviderResponseSchema,
  wordsToCoordinatesQuerySchema,
} from '#shared/contracts/location.ts';
import type { LocationService } from './location.service.ts';

export interface LocationRoutesOptions {
  location: LocationService;
  /**
   * Conversions per client per minute, so nobody spends the what3words quota through us. Takes effect
   * when @fastify/rate-limit is registered (as buildApp does); unset means 60.
   */
  conversionsPerMinute?: number;
}

export async function locationRoutes(
  app: FastifyInstance,
  { location, conversionsPerMinute = 60 }: LocationRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: conversionsPerMinute, timeWindow: '1 minute' };

  r.get(
    locationPaths.coordinatesToWords,
    {
      config: { access: 'public', rateLimit },
      schema: { querystring: coordinatesToWordsQuerySchema, response: { 200: conversionResultSchema } },
    },
    async (request, reply) => {
      const result = await location.coordinatesToWords(request.query.lat, request.query.lng);
      void reply.header('Cache-Control', 'no-store');
      return result;
    },
  );

  r.get(
    locationPaths.wordsToCoordinates,
    {
      config: { access: 'public', rateLimit },
      schema: { querystring: wordsToCoordinatesQuerySchema, response: { 200: conversionResultSchema } },
    },
    async (request, reply) => {
      const result = await location.wordsToCoordinates(request.query.words);
      void reply.header('Cache-Control', 'no-store');
      return result;
    },
  );

  r.get(
    locationPaths.provider,
    { config: { access: 'public' }, schema: { response: { 200: locationProviderResponseSchema } } },
    async () => ({
      provider: location.provider,
    }),
  );
}
