// Thin HTTP layer for volunteer alerts: the signed-in volunteer's choices and devices, the VAPID key,
// the signed-out unsubscribe page (GET shows one button, POST unsubscribes: mail scanners open links,
// and RFC 8058 one-click clients POST), and the administrators' summary.
import type { FastifyInstance } from 'fastify';
import { alertEndpoints as endpoints } from '#shared/contracts/alerts.ts';
import { urlOf } from '#shared/contracts/http.ts';
import { serve } from '#server/http/serve.ts';
import { signedInVolunteerId as volunteerId } from '#server/plugins/auth.ts';
import { escapeHtml } from '#server/mail/escape-html.ts';
import { plainPage as page } from '#server/plain-page.ts';
import type { AlertsService } from './alerts.service.ts';

export interface AlertsRoutesOptions {
  service: AlertsService;
}

export async function alertsRoutes(app: FastifyInstance, { service }: AlertsRoutesOptions) {
  // RFC 8058 one-click unsubscribe posts a form (List-Unsubscribe=One-Click); only these routes read one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const volunteer = { access: 'volunteer' } as const;

  serve(app, endpoints.preferences, volunteer, (request) => service.preferencesOf(volunteerId(request)));
  serve(app, endpoints.savePreferences, volunteer, (request) =>
    service.savePreferences(volunteerId(request), request.body),
  );
  serve(app, endpoints.vapidPublicKey, { access: 'public' }, () => ({ publicKey: service.vapidPublicKey() }));
  serve(app, endpoints.addPushSubscription, volunteer, (request) =>
    service.addSubscription(volunteerId(request), request.body),
  );
  serve(app, endpoints.removePushSubscription, volunteer, (request) =>
    service.removeSubscription(volunteerId(request), request.body.endpoint),
  );

  serve(app, endpoints.unsubscribePage, { access: 'public' }, async (request, reply) => {
    const { token } = request.query;
    const found = await service.findUnsubscribe(token);
    if (!found) return page(reply, 404, 'This link does not work', invalidLinkText);
    if (!found.emailOn) return page(reply, 200, 'You are unsubscribed', doneText);
    return page(
      reply,
      200,
      'Stop alert e-mails?',
      `<p>You will get no more e-mails about new graffiti reports from Clean Up Edinburgh.</p>
<form method="post" action="${escapeHtml(urlOf(endpoints.unsubscribe.path, {}, { token }))}">
<button type="submit">Unsubscribe</button>
</form>`,
    );
  });

  serve(app, endpoints.unsubscribe, { access: 'public' }, async (request, reply) => {
    const done = await service.unsubscribe(request.query.token);
    if (!done) return page(reply, 404, 'This link does not work', invalidLinkText);
    return page(reply, 200, 'You are unsubscribed', doneText);
  });

  serve(app, endpoints.summary, { access: 'admin' }, () => service.summary());
}
const invalidLinkText =
  '<p>This unsubscribe link is not valid. Copy the whole link from the e-mail, or sign in and change your alerts on your volunteer dashboard.</p>';
const doneText =
  '<p>You will get no more alert e-mails from Clean Up Edinburgh. Thank you for helping to keep Edinburgh clean!</p><p>You can turn them back on from your <a href="/volunteers/dashboard">volunteer dashboard</a>.</p>';
