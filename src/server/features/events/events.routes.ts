// MUCU events: volunteers (and administrators) create them; administrators list, edit and delete
// them and record attendance.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attendanceRequestSchema,
  attendanceSchema,
  eventIdParamsSchema,
  eventInputSchema,
  eventListSchema,
  eventSchema,
} from '#shared/contracts/events.ts';
import type { EventsService } from './events.service.ts';

export async function eventsRoutes(app: FastifyInstance, { service }: { service: EventsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.post(
    '/api/mucus',
    {
      config: { access: 'volunteer', audit: { action: 'event.create' } },
      schema: { body: eventInputSchema, response: { 201: eventSchema } },
    },
    async (request, reply) => {
      const event = await service.create(request.body);
      request.auditNote = { targetId: event.id };
      return reply.status(201).send(event);
    },
  );

  r.get('/api/admin/mucus', { config: admin, schema: { response: { 200: eventListSchema } } }, () => service.list());

  r.put(
    '/api/admin/mucus/:id',
    {
      config: { ...admin, audit: { action: 'event.edit', fields: ['location', 'date', 'description', 'mapsLink'] } },
      schema: { params: eventIdParamsSchema, body: eventInputSchema, response: { 200: eventSchema } },
    },
    (request) => service.update(request.params.id, request.body),
  );

  r.delete(
    '/api/admin/mucus/:id',
    { config: { ...admin, audit: { action: 'event.delete' } }, schema: { params: eventIdParamsSchema } },
    async (request, reply) => {
      await service.delete(request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/admin/mucu-attendance',
    {
      config: { ...admin, audit: { action: 'attendance.add' } },
      schema: { body: attendanceRequestSchema, response: { 201: attendanceSchema } },
    },
    async (request, reply) => {
      const attendance = await service.addAttendance(request.body);
      request.auditNote = {
        targetType: 'event',
        targetId: attendance.mucu.id,
        subjectVolunteerId: attendance.volunteer.id,
      };
      return reply.status(201).send(attendance);
    },
  );
}
