// Thin HTTP layer for checking in at MUCU events: the organiser's screen (administrators) and a
// signed-in volunteer checking in with the code. Each client may try only so many codes a minute, so
// a code cannot be guessed in the minute it lasts.
import type { FastifyInstance } from 'fastify';
import { checkInEndpoints as endpoints } from '#shared/contracts/check-in.ts';
import { serve } from '#server/http/serve.ts';
import { signedInVolunteerId } from '#server/plugins/auth.ts';
import type { CheckInService } from './check-in.service.ts';

/** Codes one client may try a minute: a few slips of the thumb, far from enough to guess one. */
const CHECK_INS_PER_CLIENT_PER_MINUTE = 12;

export async function checkInRoutes(app: FastifyInstance, { service }: { service: CheckInService }) {
  serve(app, endpoints.show, { access: 'admin' }, (request) => service.screen(request.params.id));
  serve(
    app,
    endpoints.checkIn,
    { access: 'volunteer', rateLimit: { max: CHECK_INS_PER_CLIENT_PER_MINUTE, timeWindow: '1 minute' } },
    (request) => service.checkIn(signedInVolunteerId(request), request.body),
  );
}
