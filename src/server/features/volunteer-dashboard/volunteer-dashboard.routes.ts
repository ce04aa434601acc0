// GET /api/volunteers/dashboard: the signed-in volunteer's own record.
import type { FastifyInstance } from 'fastify';
import { volunteerDashboardEndpoints as endpoints } from '#shared/contracts/volunteer-dashboard.ts';
import type { Db } from '#server/db/client.ts';
import { serve } from '#server/http/serve.ts';
import { signedIn, signedInVolunteerId } from '#server/plugins/auth.ts';
import { volunteerDashboard } from './volunteer-dashboard.service.ts';

export async function volunteerDashboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  serve(app, endpoints.dashboard, { access: 'volunteer' }, async (request) => {
    // An administrator without a volunteer session has no dashboard of their own.
    return signedIn(await volunteerDashboard(db, signedInVolunteerId(request)));
  });
}
