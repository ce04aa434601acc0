// Thin HTTP layer for following a report: the status page's data by private token, 'Tell me when it is
// cleaned' from the status page, the signed-out confirm and unsubscribe pages (GET shows one button,
// POST acts: mail scanners open links, RFC 8058 clients POST), 'Already reported here' with 'Add my
// photo to it'.
import type { FastifyInstance } from 'fastify';
import { reportFollowUpEndpoints as endpoints } from '#shared/contracts/report-follow-up.ts';
import { urlOf } from '#shared/contracts/http.ts';
import { messages } from '#shared/domain/messages.ts';
import { FOLLOWER_RETENTION_DAYS } from '#shared/domain/report-follow-up.ts';
import { ValidationError } from '#server/errors.ts';
import { readForm, serve } from '#server/http/serve.ts';
import { conversionRateLimit } from '#server/features/location/index.ts';
import { escapeHtml } from '#server/mail/escape-html.ts';
import { serveOneClickUnsubscribe } from '#server/mail/one-click-unsubscribe.ts';
import { plainPage } from '#server/plain-page.ts';
import type { FollowUpService } from './follow-up.service.ts';

const invalidLinkText = `This link is not valid any more. Copy the whole link from the e-mail. An address is kept for ${FOLLOWER_RETENTION_DAYS} days at most, and deleted once we have told you the report was cleaned.`;
const unsubscribedText =
  'You will get no more e-mails about this report from Clean Up Edinburgh, and your address has been deleted.';

export interface FollowUpRoutesOptions {
  service: FollowUpService;
  /** Public submissions per client per hour (photos and addresses alike). */
  submissionsPerHour: number;
}

export async function followUpRoutes(app: FastifyInstance, { service, submissionsPerHour }: FollowUpRoutesOptions) {
  const anyone = { access: 'public' } as const;
  const limited = { ...anyone, rateLimit: { max: submissionsPerHour, timeWindow: '1 hour' } };
  // The confirm link's page posts a form, as the one-click unsubscribe does (RFC 8058).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // The link is private: its answer is never kept by any cache, and the link never sent on as a referrer.
  serve(app, endpoints.status, { ...anyone, personal: true }, async (request, reply) => {
    void reply.header('Referrer-Policy', 'no-referrer');
    return service.statusPage(request.params.token);
  });
  serve(app, endpoints.follow, limited, (request) => service.followByToken(request.params.token, request.body.email));

  serve(app, endpoints.confirmPage, anyone, async (request, reply) => {
    const { token } = request.query;
    const follower = await service.findByConfirmToken(token);
    if (!follower) return plainPage(reply, 404, 'This link does not work', [[invalidLinkText]]);
    if (follower.confirmed_at !== null)
      return plainPage(reply, 200, 'Confirmed', [["We will e-mail you once when it is cleaned. That's all."]]);
    return plainPage(
      reply,
      200,
      'Tell me when it is cleaned?',
      [
        [
          `We will send one e-mail to this address when report #${follower.report_id} is cleaned, then delete the address.`,
        ],
      ],
      `
<form method="post" action="${escapeHtml(urlOf(endpoints.confirm.path, {}, { token }))}">
<button type="submit">Yes, tell me when it is cleaned</button>
</form>`,
    );
  });
  serve(app, endpoints.confirm, anyone, async (request, reply) => {
    if (!(await service.confirm(request.query.token)))
      return plainPage(reply, 404, 'This link does not work', [[invalidLinkText]]);
    return plainPage(reply, 200, 'Confirmed', [
      ["Thank you. We will e-mail you once when it is cleaned, with the after photo. That's all."],
    ]);
  });

  serveOneClickUnsubscribe(app, endpoints, {
    isOn: async (token) => (await service.isSubscribed(token)) ?? false,
    unsubscribe: (token) => service.unsubscribe(token),
    question: 'Stop e-mails about this report?',
    consequence: 'Your address will be deleted and you will not hear when it is cleaned.',
    done: unsubscribedText,
    invalid: invalidLinkText,
  });

  // Typed words are placed by the location provider: limited like its own conversions.
  const conversions = { ...anyone, rateLimit: conversionRateLimit };
  serve(app, endpoints.alreadyReported, conversions, (request) => service.alreadyReported(request.query));
  serve(app, endpoints.addConfirmation, { ...limited, personal: true }, async (request) => {
    const form = await readForm(request, endpoints.addConfirmation);
    const photo = form.files.photo?.[0];
    if (!photo) throw new ValidationError(messages.report.photoRequired, { title: messages.report.photoRequiredTitle });
    return service.addConfirmation(request.params.id, photo, form.fields.notifyEmail);
  });
}
