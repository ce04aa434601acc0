// Thin HTTP layer for time and bags at MUCU events: a volunteer's entries, and the organiser's list
// and approval (recorded in the audit log with the entry, in one transaction).
import type { FastifyInstance } from 'fastify';
import { eventLogEndpoints as endpoints } from '#shared/contracts/event-logs.ts';
import { serve } from '#server/http/serve.ts';
import { signedInVolunteerId } from '#server/plugins/auth.ts';
import type { EventLogsService } from './event-logs.service.ts';

export async function eventLogsRoutes(app: FastifyInstance, { service }: { service: EventLogsService }) {
  const volunteer = { access: 'volunteer' } as const;
  serve(app, endpoints.mine, volunteer, (request) => service.mine(signedInVolunteerId(request)));
  serve(app, endpoints.save, volunteer, (request) =>
    service.save(request.params.id, signedInVolunteerId(request), request.body),
  );
  serve(app, endpoints.list, { access: 'admin' }, (request) => service.list(request.params.id));
  serve(
    app,
    endpoints.approve,
    { access: 'admin', audit: { action: 'event-log.approve', fields: ['minutes', 'bags', 'areaM2'] } },
    (request) =>
      service.approve(request.params.id, request.params.logId, request.body, (trx, volunteerId) =>
        request.recordAudit(trx, {
          targetType: 'event',
          targetId: request.params.id,
          subjectVolunteerId: volunteerId,
        }),
      ),
  );
}
