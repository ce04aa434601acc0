// GET /api/volunteers/dashboard: the signed-in volunteer's own record.
import type { FastifyInstance } from 'fastify';
import { volunteerDashboardEndpoints as endpoints } from '#shared/contracts/volunteer-dashboard.ts';
import { accessMessages } from '#shared/domain/permissions.ts';
import type { Db } from '#server/db/client.ts';
import { UnauthorizedError } from '#server/errors.ts';
import { serve } from '#server/http/serve.ts';
import { volunteerDashboard } from './volunteer-dashboard.service.ts';

export async function volunteerDashboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  serve(app, endpoints.dashboard, { access: 'volunteer' }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    // An administrator without a volunteer session has no dashboard of their own.
    const signedIn = request.auth.volunteer;
    const dashboard = signedIn ? await volunteerDashboard(db, signedIn.id) : null;
    if (!dashboard) throw new UnauthorizedError(accessMessages.signInRequired);
    return dashboard;
  });
}
