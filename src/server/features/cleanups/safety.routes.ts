// Thin HTTP layer for safety and consent: the volunteer's briefing and its acceptance, and the
// administrators' marks of a report needing its owner's consent (recorded in the audit log).
import type { FastifyInstance } from 'fastify';
import { safetyEndpoints as endpoints } from '#shared/contracts/safety.ts';
import { serve } from '#server/http/serve.ts';
import { signedInVolunteerId } from '#server/plugins/auth.ts';
import type { SafetyService } from './safety.service.ts';

export async function safetyRoutes(app: FastifyInstance, { service }: { service: SafetyService }) {
  serve(app, endpoints.briefing, { access: 'volunteer' }, (request) =>
    service.briefingFor(signedInVolunteerId(request)),
  );

  serve(app, endpoints.accept, { access: 'volunteer' }, (request) =>
    service.accept(signedInVolunteerId(request), request.body.ageBand),
  );

  serve(
    app,
    endpoints.consentNeeded,
    { access: 'admin', audit: { action: 'report.owner-consent-needed', fields: ['needed'] } },
    (request) => service.markConsentNeeded(request.params.id, request.body.needed),
  );

  serve(
    app,
    endpoints.consentGiven,
    { access: 'admin', audit: { action: 'report.owner-consent-given', fields: ['givenAt'] } },
    (request) => service.recordConsent(request.params.id, request.body.givenBy, request.body.givenAt),
  );
}
