// Thin HTTP layer for volunteer alerts: the signed-in volunteer's choices and devices, the VAPID key,
// the signed-out unsubscribe page (GET shows one button, POST unsubscribes: mail scanners open links,
// and RFC 8058 one-click clients POST), and the administrators' summary.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { alertEndpoints as endpoints } from '#shared/contracts/alerts.ts';
import { urlOf } from '#shared/contracts/http.ts';
import { accessMessages } from '#shared/domain/permissions.ts';
import { UnauthorizedError } from '#server/errors.ts';
import { serve } from '#server/http/serve.ts';
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
<form method="post" action="${escapeAttribute(urlOf(endpoints.unsubscribe.path, {}, { token }))}">
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

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A small page of its own (no script: the CSP forbids inline script and none is needed). */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | Clean Up Edinburgh</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f3ee;color:#0f172a;line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:3rem 1.25rem}
.card{background:#fff;border:1px solid #d6d3d1;border-radius:1rem;padding:1.5rem}
h1{font-size:1.75rem;margin:0 0 1rem;color:#1e3a5f}
button{min-height:44px;padding:.625rem 1.25rem;border:0;border-radius:.75rem;background:#1e3a5f;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #b45309;outline-offset:2px}
a{color:#1e3a5f;font-weight:600}
</style>
</head>
<body>
<main>
<div class="card">
<h1>${title}</h1>
${body}
</div>
<p><a href="/">Clean Up Edinburgh</a></p>
</main>
</body>
</html>`);
}
