// Thin HTTP layer for the administrator passcode: sign in (optionally only from a listed volunteer's
// e-mail), sign out, and "is this browser's administrator session still alive".
import type { FastifyInstance } from 'fastify';
import { adminAccessEndpoints as endpoints } from '#shared/contracts/admin-access.ts';
import { adminAccessMessages } from '#shared/domain/messages.ts';
import { accessMessages } from '#shared/domain/permissions.ts';
import { ForbiddenError } from '#server/errors.ts';
import { clientKeyOf } from '#server/http/client-key.ts';
import { serve } from '#server/http/serve.ts';
import type { adminAccessService } from './admin-access.service.ts';

export interface AdminAccessRoutesOptions {
  service: ReturnType<typeof adminAccessService>;
  /** ADMIN_EMAILS: when set, the passcode is taken only from a volunteer signed in with one of them. */
  adminEmails: string[];
}

export async function adminAccessRoutes(app: FastifyInstance, { service, adminEmails }: AdminAccessRoutesOptions) {
  // A sign-in is written to the audit log with its new session, in one transaction.
  serve(app, endpoints.signIn, { access: 'public', audit: { action: 'admin.sign-in' } }, async (request, reply) => {
    const volunteer = request.auth.volunteer;
    if (adminEmails.length > 0 && (!volunteer || !adminEmails.includes(volunteer.email))) {
      throw new ForbiddenError(accessMessages.adminEmailRequired, { title: adminAccessMessages.deniedTitle });
    }
    await service.check(request.body.passcode, clientKeyOf(request.ip));
    await reply.startSession('admin', null, (trx, token) => request.recordAudit(trx, { sessionToken: token }));
    return { admin: true as const };
  });

  serve(app, endpoints.signOut, { access: 'public' }, (_request, reply) => reply.endSession('admin'));

  serve(app, endpoints.session, { access: 'admin' }, () => ({ admin: true as const }));
}
