import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAccessPaths, adminAuthRequestSchema, adminSessionSchema } from '#shared/contracts/admin-access.ts';
import type { adminAccessService } from './admin-access.service.ts';
import { ForbiddenError } from '#server/errors.ts';
import { accessMessages } from '#shared/domain/permissions.ts';
import { adminAccessMessages } from '#shared/domain/messages.ts';

export interface AdminAccessRoutesOptions {
  service: ReturnType<typeof adminAccessService>;
  /** ADMIN_EMAILS: when set, the passcode is taken only from a volunteer signed in with one of them. */
  adminEmails: string[];
}

export async function adminAccessRoutes(app: FastifyInstance, { service, adminEmails }: AdminAccessRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    adminAccessPaths.signIn,
    { config: { access: 'public' }, schema: { body: adminAuthRequestSchema, response: { 200: adminSessionSchema } } },
    async (request, reply) => {
      const volunteer = request.auth.volunteer;
      if (adminEmails.length > 0 && (!volunteer || !adminEmails.includes(volunteer.email))) {
        throw new ForbiddenError(accessMessages.adminEmailRequired, { title: adminAccessMessages.deniedTitle });
      }
      await service.check(request.body.passcode, request.ip);
      await reply.startSession('admin', null);
      return { admin: true as const };
    },
  );

  r.post(adminAccessPaths.signOut, { config: { access: 'public' } }, async (_request, reply) => {
    await reply.endSession('admin');
    return reply.status(204).send();
  });

  r.get(
    adminAccessPaths.session,
    { config: { access: 'admin' }, schema: { response: { 200: adminSessionSchema } } },
    async () => ({
      admin: true as const,
    }),
  );
}
