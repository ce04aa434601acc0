// Administrator access: the passcode is checked on the server, never in the browser.
import { z } from 'zod';
import { ADMIN_PASSCODE_LENGTH } from '../domain/limits.ts';
import { adminAccessMessages } from '../domain/messages.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';

export const adminAuthRequestSchema = z.object({
  passcode: z
    .string({ error: adminAccessMessages.denied })
    .max(ADMIN_PASSCODE_LENGTH, { message: adminAccessMessages.denied }),
});

export const adminSessionSchema = z.object({ admin: z.literal(true) });

const routes = apiRoutes.adminAccess;

export const adminAccessEndpoints = {
  signIn: endpoint(routes.signIn, { body: adminAuthRequestSchema, response: adminSessionSchema }),
  signOut: endpoint(routes.signOut, { response: null, status: 204 }),
  session: endpoint(routes.session, { response: adminSessionSchema }),
};
