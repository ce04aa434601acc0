// The management dashboard's calls on reports. Editing, deleting, manual reports and renumbering are
// for administrators; the status change and added photos belong to the clean-ups feature.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  manualReportFieldsSchema,
  renumberResponseSchema,
  reportPhotoParamsSchema,
  updateReportRequestSchema,
} from '#shared/contracts/report-management.ts';
import { reportIdParamsSchema, reportSchema } from '#shared/contracts/reports.ts';
import { managementMessages } from '#shared/domain/admin-messages.ts';
import { ValidationError } from '#server/errors.ts';
import { readMultipart } from '#server/plugins/multipart.ts';
import { reportListEndpoints } from '#shared/contracts/report-list.ts';
import { serve } from '#server/http/serve.ts';
import type { ReportManagementService } from './report-management.service.ts';

export async function reportManagementRoutes(app: FastifyInstance, { service }: { service: ReportManagementService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.patch(
    '/api/reports/:id',
    {
      config: { ...admin, audit: { action: 'report.edit', fields: ['what3words', 'description'] } },
      schema: { params: reportIdParamsSchema, body: updateReportRequestSchema, response: { 200: reportSchema } },
    },
    (request) => service.update(request.params.id, request.body),
  );

  r.delete(
    '/api/reports/:id',
    { config: { ...admin, audit: { action: 'report.delete' } }, schema: { params: reportIdParamsSchema } },
    async (request, reply) => {
      await service.delete(request.params.id);
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/reports/:id/photos/:photoId',
    { config: { ...admin, audit: { action: 'report.photo.delete' } }, schema: { params: reportPhotoParamsSchema } },
    async (request, reply) => {
      await service.deletePhoto(request.params.id, request.params.photoId);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/admin/reports',
    { config: { ...admin, audit: { action: 'report.create' } }, schema: { response: { 201: reportSchema } } },
    async (request, reply) => {
      const form = await readMultipart(request, ['photo']);
      const photo = form.files.photo?.[0];
      const missing = () =>
        new ValidationError(managementMessages.missingFields, { title: managementMessages.missingFieldsTitle });
      if (!photo || !form.fields.what3words?.trim()) throw missing();
      const fields = manualReportFieldsSchema.safeParse(form.fields);
      if (!fields.success) throw new ValidationError(fields.error.issues[0]!.message);
      const report = await service.createManual({ ...fields.data, photo });
      request.auditNote = { targetId: report.id };
      return reply.status(201).send(report);
    },
  );

  serve(
    app,
    reportListEndpoints.setStatusMany,
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

  serve(app, reportListEndpoints.exportCsv, admin, async (request, reply) => {
    const csv = await service.csv(request.query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="reports-${service.today()}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });

  r.post(
    '/api/admin/renumber-reports',
    {
      config: { ...admin, audit: { action: 'report.renumber' } },
      schema: { response: { 200: renumberResponseSchema } },
    },
    async (request) => {
      const renumbered = await service.renumber();
      request.auditNote = { detail: { renumbered } };
      return { renumbered };
    },
  );
}
