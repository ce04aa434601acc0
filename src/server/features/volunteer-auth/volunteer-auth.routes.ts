// Thin HTTP layer for volunteer sign-in: request an e-mail, prove it with the code or the link's
// 'Continue', read the current volunteer, sign out. Every call is open to anyone; each is limited
// per client, and the e-mails per address (in the service).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { volunteerAuthEndpoints as endpoints } from '#shared/contracts/volunteer-auth.ts';
import { signInMessages } from '#shared/domain/volunteer-messages.ts';
import { AppError } from '#server/errors.ts';
import { serve } from '#server/http/serve.ts';
import { signedIn, signedInVolunteerId } from '#server/plugins/auth.ts';
import { toVolunteerResponse, type VolunteerAuthService } from './volunteer-auth.service.ts';

export interface VolunteerAuthRoutesOptions {
  service: VolunteerAuthService;
  /** Sign-in requests (and, separately, code or link tries) per client per 15 minutes. */
  requestsPerClient: number;
}

export async function volunteerAuthRoutes(
  app: FastifyInstance,
  { service, requestsPerClient }: VolunteerAuthRoutesOptions,
) {
  const perClient = (max: number) => ({
    max,
    timeWindow: '15 minutes',
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new AppError(429, signInMessages.tooManyRequests(context.after), { title: signInMessages.failedTitle }),
  });

  serve(app, endpoints.signIn, { access: 'public', rateLimit: perClient(requestsPerClient) }, (request) =>
    service.requestSignIn(request.body),
  );

  serve(
    app,
    endpoints.verify,
    { access: 'public', personal: true, rateLimit: perClient(requestsPerClient * 2) },
    async (request, reply) => {
      const volunteer = await service.verifyCode(request.body.email, request.body.code);
      await reply.startSession('volunteer', volunteer.id);
      return { volunteer: toVolunteerResponse(volunteer) };
    },
  );

  serve(
    app,
    endpoints.continue,
    { access: 'public', personal: true, rateLimit: perClient(requestsPerClient * 2) },
    async (request, reply) => {
      const volunteer = await service.continueWithLink(request.body.token);
      await reply.startSession('volunteer', volunteer.id);
      return { volunteer: toVolunteerResponse(volunteer) };
    },
  );

  serve(app, endpoints.me, { access: 'public', personal: true }, async (request) => {
    return toVolunteerResponse(signedIn(await service.volunteerById(signedInVolunteerId(request))));
  });

  serve(app, endpoints.logout, { access: 'public' }, (_request, reply) => reply.endSession('volunteer'));
}
