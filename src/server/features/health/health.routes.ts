import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '#shared/contracts/health.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { pingDatabase, type DatabaseHandle } from '#server/db/client.ts';

/** A probe must hear back quickly, even from a database that has frozen. */
const HEALTH_PING_MS = 2_000;

/** GET /api/health: 200 when the database answers, 503 otherwise (for load balancers and probes). */
export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { config: { access: 'public' }, schema: { response: { 200: healthSchema, 503: errorResponseSchema } } },
      async (request, reply) => {
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
    );
}
