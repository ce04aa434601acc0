// Thin HTTP layer for volunteer sign-in: request an e-mail, prove it with the code or the link's
// 'Continue', read the current volunteer, sign out. Every call is open to anyone; each is limited
// per client, and the e-mails per address (in the service).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  continueRequestSchema,
  signedInResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  verifyRequestSchema,
  volunteerAuthPaths,
  volunteerSchema,
} from '#shared/contracts/volunteer-auth.ts';
import { accessMessages } from '#shared/domain/permissions.ts';
import { signInMessages } from '#shared/domain/volunteer-messages.ts';
import { AppError, UnauthorizedError } from '#server/errors.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perClient = (max: number) => ({
    max,
    timeWindow: '15 minutes',
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new AppError(429, signInMessages.tooManyRequests(context.after), { title: signInMessages.failedTitle }),
  });

  r.post(
    volunteerAuthPaths.signIn,
    {
      config: { access: 'public', rateLimit: perClient(requestsPerClient) },
      schema: { body: signInRequestSchema, response: { 200: signInResponseSchema } },
    },
    async (request) => service.requestSignIn(request.body),
  );

  r.post(
    volunteerAuthPaths.verify,
    {
      config: { access: 'public', rateLimit: perClient(requestsPerClient * 2) },
      schema: { body: verifyRequestSchema, response: { 200: signedInResponseSchema } },
    },
    async (request, reply) => {
      const volunteer = await service.verifyCode(request.body.email, request.body.code);
      await reply.startSession('volunteer', volunteer.id);
      return { volunteer: toVolunteerResponse(volunteer) };
    },
  );

  r.post(
    volunteerAuthPaths.continue,
    {
      config: { access: 'public', rateLimit: perClient(requestsPerClient * 2) },
      schema: { body: continueRequestSchema, response: { 200: signedInResponseSchema } },
    },
    async (request, reply) => {
      const volunteer = await service.continueWithLink(request.body.token);
      await reply.startSession('volunteer', volunteer.id);
      return { volunteer: toVolunteerResponse(volunteer) };
    },
  );

  // 401 when nobody is signed in: the client reads that as "signed out" (getQueryFn on401 returnNull).
  r.get(
    volunteerAuthPaths.me,
    { config: { access: 'public' }, schema: { response: { 200: volunteerSchema } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const signedIn = request.auth.volunteer;
      const volunteer = signedIn ? await service.volunteerById(signedIn.id) : undefined;
      if (!volunteer) throw new UnauthorizedError(accessMessages.signInRequired);
      return toVolunteerResponse(volunteer);
    },
  );

  r.post(volunteerAuthPaths.logout, { config: { access: 'public' } }, async (_request, reply) => {
    await reply.endSession('volunteer');
    return reply.status(204).send();
  });
}
