// A report's photos, all from one place: the list (anyone), progress photos added to it (the volunteer
// cleaning it and administrators, by the clean-up rules) and one photo deleted (administrators). The work itself
// belongs to the features that own each rule; they are handed in as functions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reportEndpoints, type ReportPhoto } from '#shared/contracts/reports.ts';
import type { ReportPhotoType } from '#shared/domain/report-photos.ts';
import { findMessages } from '#shared/domain/volunteer-messages.ts';
import { NotFoundError, ValidationError } from '#server/errors.ts';
import { parseFormFields, readRawForm, serve } from '#server/http/serve.ts';

type Auth = FastifyRequest['auth'];

export interface ReportPhotosRoutesOptions {
  /** The report's photos, or null when there is no such report. */
  photosOf(reportId: number): Promise<ReportPhoto[] | null>;
  /** Adds progress photos; the answer is every photo of the report. */
  addPhotos(
    reportId: number,
    input: { files: Buffer[]; photoType: ReportPhotoType; description: string | null },
    auth: Auth,
  ): Promise<ReportPhoto[]>;
  deletePhoto(reportId: number, photoId: number): Promise<void>;
}

export async function reportPhotosRoutes(app: FastifyInstance, options: ReportPhotosRoutesOptions) {
  serve(app, reportEndpoints.photos, { access: 'public' }, async (request) => {
    const photos = await options.photosOf(request.params.id);
    if (!photos) throw new NotFoundError('Report not found');
    return photos;
  });

  const { addPhotos } = reportEndpoints;
  serve(app, addPhotos, { access: 'volunteer', audit: { action: 'report.photo.add' } }, async (request) => {
    const form = await readRawForm(request, addPhotos);
    const files = [...(form.files.photos ?? []), ...(form.files.photo ?? [])];
    if (files.length === 0) throw new ValidationError(findMessages.noPhoto, { title: findMessages.noPhotoTitle });
    const { photoType, description } = parseFormFields(addPhotos, form.fields, {
      title: findMessages.photoUploadFailed,
    });
    return options.addPhotos(request.params.id, { files, photoType, description }, request.auth);
  });

  serve(app, reportEndpoints.deletePhoto, { access: 'admin', audit: { action: 'report.photo.delete' } }, (request) =>
    options.deletePhoto(request.params.id, request.params.photoId),
  );
}
