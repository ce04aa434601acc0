// Thin HTTP layer for volunteer alerts: the signed-in volunteer's choices and devices, the VAPID key,
// the signed-out unsubscribe page (GET shows one button, POST unsubscribes: mail scanners open links,
// and RFC 8058 one-click clients POST), and the administrators' summary.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertPaths,
  alertPreferencesInputSchema,
  alertPreferencesSchema,
  alertsSummarySchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionSchema,
  vapidPublicKeySchema,
} from '#shared/contracts/alerts.ts';
import { accessMessages } from '#shared/domain/permissions.ts';
import { UnauthorizedError } from '#server/errors.ts';
import { escapeAttribute, plainPage as page } from '#server/plain-page.ts';
import type { AlertsService } from './alerts.service.ts';

export interface AlertsRoutesOptions {
  service: AlertsService;
}

/** The volunteer behind the session (an administrator without a volunteer session has no alerts). */
function volunteerId(request: FastifyRequest): number {
  const volunteer = request.auth.volunteer;
  if (!volunteer) throw new UnauthorizedError(accessMessages.signInRequired);
  return volunteer.id;
}

const tokenQuerySchema = z.object({ token: z.string().max(200).default('') });

export async function alertsRoutes(app: FastifyInstance, { service }: AlertsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // RFC 8058 one-click unsubscribe posts a form (List-Unsubscribe=One-Click); only these routes read one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  r.get(
    alertPaths.preferences,
    { config: { access: 'volunteer' }, schema: { response: { 200: alertPreferencesSchema } } },
    async (request) => service.preferencesOf(volunteerId(request)),
  );

  r.put(
    alertPaths.preferences,
    {
      config: { access: 'volunteer' },
      schema: { body: alertPreferencesInputSchema, response: { 200: alertPreferencesSchema } },
    },
    async (request) => service.savePreferences(volunteerId(request), request.body),
  );

  r.get(
    alertPaths.vapidPublicKey,
    { config: { access: 'public' }, schema: { response: { 200: vapidPublicKeySchema } } },
    async () => ({ publicKey: service.vapidPublicKey() }),
  );

  r.post(
    alertPaths.pushSubscriptions,
    {
      config: { access: 'volunteer' },
      schema: { body: pushSubscriptionSchema, response: { 201: alertPreferencesSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.addSubscription(volunteerId(request), request.body)),
  );

  r.delete(
    alertPaths.pushSubscriptions,
    {
      config: { access: 'volunteer' },
      schema: { body: pushSubscriptionDeleteSchema, response: { 200: alertPreferencesSchema } },
    },
    async (request) => service.removeSubscription(volunteerId(request), request.body.endpoint),
  );

  r.get(
    alertPaths.unsubscribe,
    { config: { access: 'public' }, schema: { querystring: tokenQuerySchema } },
    async (request, reply) => {
      const found = await service.findUnsubscribe(request.query.token);
      if (!found) return page(reply, 404, 'This link does not work', invalidLinkText);
      if (!found.emailOn) return page(reply, 200, 'You are unsubscribed', doneText);
      return page(
        reply,
        200,
        'Stop alert e-mails?',
        `<p>You will get no more e-mails about new graffiti reports from Clean Up Edinburgh.</p>
<form method="post" action="${escapeAttribute(`${alertPaths.unsubscribe}?token=${encodeURIComponent(request.query.token)}`)}">
<button type="submit">Unsubscribe</button>
</form>`,
      );
    },
  );

  r.post(
    alertPaths.unsubscribe,
    { config: { access: 'public' }, schema: { querystring: tokenQuerySchema } },
    async (request, reply) => {
      const done = await service.unsubscribe(request.query.token);
      if (!done) return page(reply, 404, 'This link does not work', invalidLinkText);
      return page(reply, 200, 'You are unsubscribed', doneText);
    },
  );

  r.get(
    alertPaths.summary,
    { config: { access: 'admin' }, schema: { response: { 200: alertsSummarySchema } } },
    async () => service.summary(),
  );
}

const invalidLinkText =
  '<p>This unsubscribe link is not valid. Copy the whole link from the e-mail, or sign in and change your alerts on your volunteer dashboard.</p>';
const doneText =
  '<p>You will get no more alert e-mails from Clean Up Edinburgh. Thank you for helping to keep Edinburgh clean!</p><p>You can turn them back on from your <a href="/volunteers/dashboard">volunteer dashboard</a>.</p>';
