// MUCU events: volunteers (and administrators) create them; administrators list, edit and delete
// them and record attendance.
import type { FastifyInstance } from 'fastify';
import { eventEndpoints as endpoints } from '#shared/contracts/events.ts';
import { serve } from '#server/http/serve.ts';
import type { EventsService } from './events.service.ts';

export async function eventsRoutes(app: FastifyInstance, { service }: { service: EventsService }) {
  const admin = { access: 'admin' as const };

  serve(app, endpoints.create, { access: 'volunteer', audit: { action: 'event.create' } }, async (request) => {
    const event = await service.create(request.body, {
      volunteerId: request.auth.volunteer?.id ?? null,
      admin: request.auth.admin,
    });
    request.auditNote = { targetId: event.id };
    return event;
  });

  serve(app, endpoints.list, admin, () => service.list());

  serve(
    app,
    endpoints.update,
    { ...admin, audit: { action: 'event.edit', fields: ['location', 'date', 'description', 'mapsLink'] } },
    (request) => service.update(request.params.id, request.body),
  );

  serve(app, endpoints.delete, { ...admin, audit: { action: 'event.delete' } }, async (request) => {
    await service.delete(request.params.id);
  });

  serve(app, endpoints.addAttendance, { ...admin, audit: { action: 'attendance.add' } }, async (request) => {
    const attendance = await service.addAttendance(request.body);
    request.auditNote = {
      targetType: 'event',
      targetId: attendance.mucu.id,
      subjectVolunteerId: attendance.volunteer.id,
    };
    return attendance;
  });
}
