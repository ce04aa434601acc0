// GET /api/volunteers/dashboard: the signed-in volunteer's own record.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { volunteerDashboardPaths, volunteerDashboardSchema } from '#shared/contracts/volunteer-dashboard.ts';
import { accessMessages } from '#shared/domain/permissions.ts';
import type { Db } from '#server/db/client.ts';
import { UnauthorizedError } from '#server/errors.ts';
import { volunteerDashboard } from './volunteer-dashboard.service.ts';

export async function volunteerDashboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      volunteerDashboardPaths.dashboard,
      { config: { access: 'volunteer' }, schema: { response: { 200: volunteerDashboardSchema } } },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        // An administrator without a volunteer session has no dashboard of their own.
        const signedIn = request.auth.volunteer;
        const dashboard = signedIn ? await volunteerDashboard(db, signedIn.id) : null;
        if (!dashboard) throw new UnauthorizedError(accessMessages.signInRequired);
        return dashboard;
      },
    );
}
