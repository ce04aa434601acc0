// The administrators' calls on reports: editing, deleting, manual reports, the status of many, the
// CSV, renumbering, the priority mark and blurring a photo. The status change of one report belongs
// to the clean-ups feature, and a report's photos are served by report-photos.routes.ts.
import type { FastifyInstance } from 'fastify';
import {
  reportEndpoints as endpoints,
  photoRedactionEndpoints,
  reportPriorityEndpoints,
} from '#shared/contracts/reports.ts';
import { reportEditMessages } from '#shared/domain/report-edit-messages.ts';
import { ValidationError } from '#server/errors.ts';
import { parseFormFields, readRawForm, sendFile, serve } from '#server/http/serve.ts';
import type { ReportManagementService } from './report-management.service.ts';
import type { PhotoRedactionService } from './photo-redaction.service.ts';

export async function reportManagementRoutes(
  app: FastifyInstance,
  { service, redaction }: { service: ReportManagementService; redaction: PhotoRedactionService },
) {
  const admin = { access: 'admin' as const };

  serve(
    app,
    endpoints.edit,
    { ...admin, audit: { action: 'report.edit', fields: ['what3words', 'description'] } },
    (request) => service.update(request.params.id, request.body),
  );

  serve(app, endpoints.delete, { ...admin, audit: { action: 'report.delete' } }, (request) =>
    service.delete(request.params.id),
  );

  serve(app, endpoints.createManual, { ...admin, audit: { action: 'report.create' } }, async (request) => {
    const form = await readRawForm(request, endpoints.createManual);
    const photo = form.files.photo?.[0];
    const missing = () =>
      new ValidationError(reportEditMessages.missingFields, { title: reportEditMessages.missingFieldsTitle });
    if (!photo || !form.fields.what3words?.trim()) throw missing();
    const fields = parseFormFields(endpoints.createManual, form.fields);
    const report = await service.createManual({ ...fields, photo });
    request.auditNote = { targetId: report.id };
    return report;
  });

  serve(
    app,
    endpoints.setStatusMany,
    { ...admin, audit: { action: 'report.status.bulk', fields: ['status'] } },
    async (request) => {
      const updated = await service.setStatusMany(
        request.body.ids,
        request.body.status,
        request.auth?.volunteer?.id ?? null,
      );
      request.auditNote = { targetType: 'report', detail: { ids: request.body.ids, updated } };
      return { updated };
    },
  );

  // A download is recorded before a byte of it is sent: no entry, no file.
  serve(app, endpoints.exportCsv, { ...admin, audit: { action: 'report.export' } }, async (request, reply) => {
    const csv = await service.csv(request.query);
    const filters = Object.fromEntries(Object.entries(request.query).filter(([, value]) => value !== undefined));
    await request.recordAudit(undefined, { targetType: 'report', detail: filters });
    return sendFile(reply, 'text/csv; charset=utf-8', `reports-${service.today()}.csv`, csv);
  });

  serve(app, endpoints.renumber, { ...admin, audit: { action: 'report.renumber' } }, async (request) => {
    const renumbered = await service.renumber();
    request.auditNote = { detail: { renumbered } };
    return { renumbered };
  });

  serve(
    app,
    reportPriorityEndpoints.setPriority,
    { ...admin, audit: { action: 'report.priority', fields: ['priority'] } },
    (request) => service.setPriority(request.params.id, request.body.priority, (trx) => request.recordAudit(trx)),
  );

  serve(app, photoRedactionEndpoints.redact, { ...admin, audit: { action: 'photo.redact' } }, async (request) => {
    const result = await redaction.redact(request.body.photoUrl, request.body.areas);
    request.auditNote = {
      targetType: 'report',
      targetId: result.reportId,
      detail: { areas: request.body.areas.length },
    };
    return result;
  });
}
