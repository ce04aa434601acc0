// Privacy calls: the notice's facts (anyone), and a signed-in volunteer's own data to download or erase.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { privacyNoticeSchema, privacyPaths } from '#shared/contracts/privacy.ts';
import { accessMessages } from '#shared/domain/permissions.ts';
import { UnauthorizedError } from '#server/errors.ts';
import type { PrivacyService } from './privacy.service.ts';

export async function privacyRoutes(app: FastifyInstance, { service }: { service: PrivacyService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(privacyPaths.notice, { config: { access: 'public' }, schema: { response: { 200: privacyNoticeSchema } } }, () =>
    service.notice(),
  );

  // An administrator signed in by code alone has no data of their own here: 401, as for the dashboard.
  r.get(privacyPaths.myData, { config: { access: 'volunteer' } }, async (request, reply) => {
    const signedIn = request.auth.volunteer;
    const download = signedIn ? await service.download(signedIn.id) : null;
    if (!download) throw new UnauthorizedError(accessMessages.signInRequired);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${download.fileName}"`)
      .type('application/zip')
      .send(download.stream);
  });

  r.delete(privacyPaths.myAccount, { config: { access: 'volunteer' } }, async (request, reply) => {
    const signedIn = request.auth.volunteer;
    if (!signedIn || !(await service.erase(signedIn.id))) throw new UnauthorizedError(accessMessages.signInRequired);
    // The session row went with the volunteer; the cookie goes too.
    await reply.endSession('volunteer');
    return reply.status(204).send();
  });
}
