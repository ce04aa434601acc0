import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAccessPaths, adminAuthRequestSchema, adminSessionSchema } from '../../../shared/contracts/admin-access.ts';
import type { adminAccessService } from './admin-access.service.ts';

export async function adminAccessRoutes(app: FastifyInstance, { service }: { service: ReturnType<typeof adminAccessService> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    adminAccessPaths.signIn,
    { config: { access: 'public' }, schema: { body: adminAuthRequestSchema, response: { 200: adminSessionSchema } } },
    async (request, reply) => {
      await service.check(request.body.passcode, request.ip);
      await reply.startSession('admin', null);
      return { admin: true as const };
    },
  );

  r.post(adminAccessPaths.signOut, { config: { access: 'public' } }, async (_request, reply) => {
    await reply.endSession('admin');
    return reply.status(204).send();
  });

  r.get(adminAccessPaths.session, { config: { access: 'admin' }, schema: { response: { 200: adminSessionSchema } } }, async () => ({
    admin: true as const,
  }));
}
