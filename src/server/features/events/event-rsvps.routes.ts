// Thin HTTP layer for public MUCU events: the list and each event (open to everyone, with the
// signed-in volunteer's own answer), 'I'll be there' and taking it back, the iCalendar file and feed,
// a volunteer's upcoming events and e-mail choice, the signed-out unsubscribe page (GET shows one
// button, POST unsubscribes: mail scanners open links, RFC 8058 clients POST), and the
// administrators' who-is-coming list, places and one-step attendance.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicEventEndpoints as endpoints } from '#shared/contracts/events.ts';
import { matchesEtag, notModified, sendKept, type KeptText } from '#server/http/conditional-get.ts';
import { serve } from '#server/http/serve.ts';
import { signedInVolunteerId as volunteerId } from '#server/plugins/auth.ts';
import { serveOneClickUnsubscribe } from '#server/mail/one-click-unsubscribe.ts';
import type { EventRsvpsService } from './event-rsvps.service.ts';

/** How many times a minute one client may ask for the calendar feed, and for events' files. */
const CALENDARS_PER_CLIENT_PER_MINUTE = 60;

/** A calendar as built: Brotli or gzip when the client takes it, else the text. */
async function sendCalendar(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  calendar: KeptText,
  { disposition }: { disposition: string },
): Promise<FastifyReply> {
  void reply
    .type('text/calendar; charset=utf-8')
    .header('Content-Disposition', disposition)
    .header('ETag', etag)
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  return sendKept(request, reply, calendar);
}

export async function eventRsvpsRoutes(app: FastifyInstance, { service }: { service: EventRsvpsService }) {
  const anyone = { access: 'public' } as const;
  const volunteer = { access: 'volunteer' } as const;
  const admin = { access: 'admin' } as const;
  // The answers carry the signed-in volunteer's own answer: never kept by a shared cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.access === 'public' && !reply.hasHeader('cache-control'))
      void reply.header('Cache-Control', 'private, no-cache');
  });

  serve(app, endpoints.list, anyone, (request) => service.overview(request.auth.volunteer?.id ?? null));
  serve(app, endpoints.page, anyone, (request) => service.page(request.params.id, request.auth.volunteer?.id ?? null));

  // The calendars are the same for everyone: revalidated by their ETag, sent as built (and compressed) once.
  // A calendar app asks for the feed every quarter of an hour or so, and a person saves an event's file
  // once: each client may ask for each of them so often a minute, so one cannot keep the server busy.
  const { calendars } = service;
  const calendarLimit = { ...anyone, rateLimit: { max: CALENDARS_PER_CLIENT_PER_MINUTE, timeWindow: '1 minute' } };
  serve(app, endpoints.feed, calendarLimit, async (request, reply) => {
    const tag = await calendars.feedTag();
    if (matchesEtag(request.headers['if-none-match'], tag.etag)) return notModified(reply, tag.etag);
    return sendCalendar(request, reply, tag.etag, await calendars.feed(tag), {
      disposition: 'inline; filename="clean-up-edinburgh-mucu-events.ics"',
    });
  });
  serve(app, endpoints.calendar, calendarLimit, async (request, reply) => {
    const tag = await calendars.fileTag(request.params.id);
    if (matchesEtag(request.headers['if-none-match'], tag.etag)) return notModified(reply, tag.etag);
    const file = await calendars.file(request.params.id, tag);
    return sendCalendar(request, reply, tag.etag, file, { disposition: `attachment; filename="${file.fileName}"` });
  });

  serveOneClickUnsubscribe(app, endpoints, {
    isOn: async (token) => (await service.findUnsubscribe(token))?.emailsOn ?? null,
    unsubscribe: (token) => service.unsubscribe(token),
    question: 'Stop e-mails about MUCU events?',
    consequence: 'You will get no more reminders or change notices about MUCU events from Clean Up Edinburgh.',
    done: 'You will get no more e-mails about MUCU events from Clean Up Edinburgh. Thank you for helping to keep Edinburgh clean!',
    invalid:
      'This unsubscribe link is not valid. Copy the whole link from the e-mail, or sign in and change your MUCU event e-mails on your volunteer dashboard.',
    dashboard: true,
  });

  serve(app, endpoints.rsvp, volunteer, (request) => service.rsvp(request.params.id, volunteerId(request)));
  serve(app, endpoints.withdraw, volunteer, (request) => service.withdraw(request.params.id, volunteerId(request)));
  serve(app, endpoints.mine, volunteer, (request) => service.mine(volunteerId(request)));
  serve(app, endpoints.emailSettings, volunteer, (request) => service.emailSettings(volunteerId(request)));
  serve(app, endpoints.saveEmailSettings, volunteer, (request) =>
    service.setEmailSettings(volunteerId(request), request.body),
  );

  serve(app, endpoints.whoIsComing, admin, (request) => service.whoIsComing(request.params.id));
  // Each change and its audit entry are written in one transaction.
  serve(
    app,
    endpoints.setCapacity,
    { ...admin, audit: { action: 'event.capacity', fields: ['capacity'] } },
    (request) => service.setCapacity(request.params.id, request.body.capacity, (trx) => request.recordAudit(trx)),
  );
  serve(app, endpoints.recordAttendance, { ...admin, audit: { action: 'attendance.add' } }, (request) =>
    service.recordAttendance(request.params.id, request.body.volunteerIds, async (trx, recorded) => {
      for (const volunteerId of recorded)
        await request.recordAudit(trx, {
          targetType: 'event',
          targetId: request.params.id,
          subjectVolunteerId: volunteerId,
          detail: { from: 'list' },
        });
    }),
  );
}
