// Privacy calls: the notice's facts (anyone), and a signed-in volunteer's own data to download or erase.
import type { FastifyInstance } from 'fastify';
import { privacyEndpoints as endpoints } from '#shared/contracts/privacy.ts';
import { sendFile, serve } from '#server/http/serve.ts';
import { signedIn, signedInVolunteerId } from '#server/plugins/auth.ts';
import type { PrivacyService } from './privacy.service.ts';

export async function privacyRoutes(app: FastifyInstance, { service }: { service: PrivacyService }) {
  serve(app, endpoints.notice, { access: 'public' }, () => service.notice());

  // An administrator signed in by code alone has no data of their own here: 401, as for the dashboard.
  serve(app, endpoints.myData, { access: 'volunteer' }, async (request, reply) => {
    const download = signedIn(await service.download(signedInVolunteerId(request)));
    return sendFile(reply, 'application/zip', download.fileName, download.stream);
  });

  serve(app, endpoints.eraseAccount, { access: 'volunteer' }, async (request, reply) => {
    signedIn((await service.erase(signedInVolunteerId(request))) || null);
    // The session row went with the volunteer; the cookie goes too.
    await reply.endSession('volunteer');
  });
}
