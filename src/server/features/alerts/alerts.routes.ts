// Thin HTTP layer for volunteer alerts: the signed-in volunteer's choices and devices, the VAPID key,
// the signed-out unsubscribe page (GET shows one button, POST unsubscribes: mail scanners open links,
// and RFC 8058 one-click clients POST), and the administrators' summary.
import type { FastifyInstance } from 'fastify';
import { alertEndpoints as endpoints } from '#shared/contracts/alerts.ts';
import { serve } from '#server/http/serve.ts';
import { signedInVolunteerId as volunteerId } from '#server/plugins/auth.ts';
import { serveOneClickUnsubscribe } from '#server/mail/one-click-unsubscribe.ts';
import type { AlertsService } from './alerts.service.ts';

export async function alertsRoutes(app: FastifyInstance, { service }: { service: AlertsService }) {
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

  serveOneClickUnsubscribe(app, endpoints, {
    isOn: async (token) => (await service.findUnsubscribe(token))?.emailOn ?? null,
    unsubscribe: (token) => service.unsubscribe(token),
    question: 'Stop alert e-mails?',
    consequence: 'You will get no more e-mails about new graffiti reports from Clean Up Edinburgh.',
    done: 'You will get no more alert e-mails from Clean Up Edinburgh. Thank you for helping to keep Edinburgh clean!',
    invalid:
      'This unsubscribe link is not valid. Copy the whole link from the e-mail, or sign in and change your alerts on your volunteer dashboard.',
    dashboard: true,
  });

  serve(app, endpoints.summary, { access: 'admin' }, () => service.summary());
}
