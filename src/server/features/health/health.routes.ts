import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthEndpoints } from '#shared/contracts/health.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { pingDatabase, type DatabaseHandle } from '#server/db/client.ts';

/** A probe must hear back quickly, even from a database that has frozen. */
const HEALTH_PING_MS = 2_000;

/** GET /api/health: 200 when the database answers, 503 otherwise (for load balancers and probes). */
export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  const { check } = healthEndpoints;
  // Registered from its definition with the 503 answer's shape beside the 200's.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: check.method,
    url: check.path,
    config: { access: 'public' },
    schema: { response: { 200: check.response, 503: errorResponseSchema } },
    async handler(request, reply) {
      try {
        await pingDatabase(database.db, HEALTH_PING_MS);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .header('Retry-After', '5')
          .send({ statusCode: 503, error: 'Service Unavailable', message: 'The database is not answering.' });
      }
      return { status: 'ok' as const, database: database.dialect };
    },
  });
}
