// Thin HTTP layer for public MUCU events: the list and each event (open to everyone, with the
// signed-in volunteer's own answer), 'I'll be there' and taking it back, the iCalendar file and feed,
// a volunteer's upcoming events and e-mail choice, the signed-out unsubscribe page (GET shows one
// button, POST unsubscribes: mail scanners open links, RFC 8058 clients POST), and the
// administrators' who-is-coming list, places and one-step attendance.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  capacityInputSchema,
  eventEmailSettingsSchema,
  eventPageSchema,
  eventsOverviewSchema,
  myEventsSchema,
  publicEventPaths,
  recordAttendanceInputSchema,
  recordAttendanceResultSchema,
  upcomingEventSchema,
  whoIsComingSchema,
} from '#shared/contracts/event-rsvps.ts';
import { eventIdParamsSchema } from '#shared/contracts/events.ts';
import { accessMessages } from '#shared/domain/permissions.ts';
import { UnauthorizedError } from '#server/errors.ts';
import { escapeAttribute, plainPage } from '#server/plain-page.ts';
import type { EventRsvpsService } from './event-rsvps.service.ts';

/** The volunteer behind the session (an administrator signed in by code alone has no answers of their own). */
function volunteerId(request: FastifyRequest): number {
  const volunteer = request.auth.volunteer;
  if (!volunteer) throw new UnauthorizedError(accessMessages.signInRequired);
  return volunteer.id;
}

const tokenQuerySchema = z.object({ token: z.string().max(200).default('') });

const invalidLinkText =
  '<p>This unsubscribe link is not valid. Copy the whole link from the e-mail, or sign in and change your MUCU event e-mails on your volunteer dashboard.</p>';
const doneText =
  '<p>You will get no more e-mails about MUCU events from Clean Up Edinburgh. Thank you for helping to keep Edinburgh clean!</p><p>You can turn them back on from your <a href="/volunteers/dashboard">volunteer dashboard</a>.</p>';

export async function eventRsvpsRoutes(app: FastifyInstance, { service }: { service: EventRsvpsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };
  // RFC 8058 one-click unsubscribe posts a form (List-Unsubscribe=One-Click); only these routes read one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // The answers carry the signed-in volunteer's own answer: never kept by a shared cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.access === 'public' && !reply.hasHeader('cache-control'))
      void reply.header('Cache-Control', 'private, no-cache');
  });

  r.get(
    publicEventPaths.list,
    { config: { access: 'public' }, schema: { response: { 200: eventsOverviewSchema } } },
    (request) => service.overview(request.auth.volunteer?.id ?? null),
  );

  r.get(publicEventPaths.feed, { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="clean-up-edinburgh-mucu-events.ics"')
      .send(await service.feed()),
  );

  r.get(
    publicEventPaths.unsubscribe,
    { config: { access: 'public' }, schema: { querystring: tokenQuerySchema } },
    async (request, reply) => {
      const found = await service.findUnsubscribe(request.query.token);
      if (!found) return plainPage(reply, 404, 'This link does not work', invalidLinkText);
      if (!found.emailsOn) return plainPage(reply, 200, 'You are unsubscribed', doneText);
      return plainPage(
        reply,
        200,
        'Stop e-mails about MUCU events?',
        `<p>You will get no more reminders or change notices about MUCU events from Clean Up Edinburgh.</p>
<form method="post" action="${escapeAttribute(`${publicEventPaths.unsubscribe}?token=${encodeURIComponent(request.query.token)}`)}">
<button type="submit">Unsubscribe</button>
</form>`,
      );
    },
  );

  r.post(
    publicEventPaths.unsubscribe,
    { config: { access: 'public' }, schema: { querystring: tokenQuerySchema } },
    async (request, reply) => {
      if (!(await service.unsubscribe(request.query.token)))
        return plainPage(reply, 404, 'This link does not work', invalidLinkText);
      return plainPage(reply, 200, 'You are unsubscribed', doneText);
    },
  );

  r.get(
    '/api/events/:id',
    { config: { access: 'public' }, schema: { params: eventIdParamsSchema, response: { 200: eventPageSchema } } },
    (request) => service.page(request.params.id, request.auth.volunteer?.id ?? null),
  );

  r.get(
    '/api/events/:id/calendar.ics',
    { config: { access: 'public' }, schema: { params: eventIdParamsSchema } },
    async (request, reply) => {
      const { fileName, body } = await service.calendar(request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(body);
    },
  );

  r.put(
    '/api/events/:id/rsvp',
    {
      config: { access: 'volunteer' },
      schema: { params: eventIdParamsSchema, response: { 200: upcomingEventSchema } },
    },
    (request) => service.rsvp(request.params.id, volunteerId(request)),
  );

  r.delete(
    '/api/events/:id/rsvp',
    {
      config: { access: 'volunteer' },
      schema: { params: eventIdParamsSchema, response: { 200: upcomingEventSchema } },
    },
    (request) => service.withdraw(request.params.id, volunteerId(request)),
  );

  r.get(
    publicEventPaths.mine,
    { config: { access: 'volunteer' }, schema: { response: { 200: myEventsSchema } } },
    (request) => service.mine(volunteerId(request)),
  );

  r.get(
    publicEventPaths.emailSettings,
    { config: { access: 'volunteer' }, schema: { response: { 200: eventEmailSettingsSchema } } },
    (request) => service.emailSettings(volunteerId(request)),
  );

  r.put(
    publicEventPaths.emailSettings,
    {
      config: { access: 'volunteer' },
      schema: { body: eventEmailSettingsSchema, response: { 200: eventEmailSettingsSchema } },
    },
    (request) => service.setEmailSettings(volunteerId(request), request.body),
  );

  r.get(
    '/api/admin/mucus/:id/rsvps',
    { config: admin, schema: { params: eventIdParamsSchema, response: { 200: whoIsComingSchema } } },
    (request) => service.whoIsComing(request.params.id),
  );

  r.put(
    '/api/admin/mucus/:id/capacity',
    {
      config: admin,
      schema: { params: eventIdParamsSchema, body: capacityInputSchema, response: { 200: whoIsComingSchema } },
    },
    (request) => service.setCapacity(request.params.id, request.body.capacity),
  );

  r.post(
    '/api/admin/mucus/:id/attendance',
    {
      config: admin,
      schema: {
        params: eventIdParamsSchema,
        body: recordAttendanceInputSchema,
        response: { 200: recordAttendanceResultSchema },
      },
    },
    (request) => service.recordAttendance(request.params.id, request.body.volunteerIds),
  );
}
