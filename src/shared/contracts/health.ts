import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});
export type Health = z.infer<typeof healthSchema>;

/** 200 when the database answers; 503 (the error shape, with Retry-After) when it does not. */
export const healthEndpoints = {
  check: endpoint(apiRoutes.health.check, { response: healthSchema }),
};
