import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});

export const livenessSchema = z.object({ status: z.literal('ok') });

const checkResult = z.enum(['ok', 'failed']);

/** What a readiness probe learns: each check by name, and in words which ones failed. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({
    /** The database answers `select 1` in time. */
    database: checkResult,
    /**
     * The photo storage can take photos: a writable folder with room left, or a bucket that answers, and
     * a photo written, read back and removed there within the last minute.
     */
    storage: checkResult,
    /** Every migration this code knows has been applied. */
    migrations: checkResult,
    /** The process is taking new requests (not shutting down). */
    draining: checkResult,
  }),
  message: z.string(),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const healthEndpoints = {
  /** 200 when the database answers; 503 (the error shape, with Retry-After) when it does not. */
  check: endpoint(apiRoutes.health.check, { response: healthSchema }),
  /** 200 while the process answers at all, even while it drains (a restart there would cut uploads short). */
  live: endpoint(apiRoutes.health.live, { response: livenessSchema }),
  /** 200 when this process should be sent traffic; 503, with the same shape, naming the checks that failed. */
  ready: endpoint(apiRoutes.health.ready, { response: readinessSchema, alsoStatus: 503 }),
};
