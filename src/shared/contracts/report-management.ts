// The management dashboard's report calls: edit, delete, delete a photo,
// manual reports and renumbering. Responses reuse the report shapes of reports.ts.
import { z } from 'zod';
import { rowIdParam } from './ids.ts';
import { managementMessages } from '../domain/admin-messages.ts';
import { reportIdParamsSchema, reportSchema, threeWordsInputSchema } from './reports.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { multilineText } from './text.ts';

const optionalDescription = multilineText('The description')
  .max(2000, { message: 'Description must be at most 2000 characters' })
  .nullish()
  .transform((value) => value || null);

/** `PATCH /api/reports/:id`: location required, description optional. */
export const updateReportRequestSchema = z.object({
  what3words: threeWordsInputSchema,
  /** Left out: kept as it is; empty or null: removed. */
  description: multilineText('The description')
    .max(2000, { message: 'Description must be at most 2000 characters' })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
export type UpdateReportRequest = z.input<typeof updateReportRequestSchema>;

/**
 * The text fields of `POST /api/admin/reports` (multipart): the values are trimmed, and a blank
 * location is the spec's 'Missing required fields' (the photo is checked beside it).
 */
export const manualReportFieldsSchema = z.object({
  what3words: z
    .string()
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value.trim().length > 0, { message: managementMessages.missingFields })
    .pipe(threeWordsInputSchema),
  description: optionalDescription,
});

export const reportPhotoParamsSchema = z.object({
  id: rowIdParam(),
  photoId: rowIdParam(),
});

export const renumberResponseSchema = z.object({
  /** How many reports now carry the ids 1..renumbered. */
  renumbered: z.number().int(),
});
export type RenumberResponse = z.infer<typeof renumberResponseSchema>;

const routes = apiRoutes.reports;

export const reportManagementEndpoints = {
  edit: endpoint(routes.edit, {
    params: reportIdParamsSchema,
    body: updateReportRequestSchema,
    response: reportSchema,
  }),
  delete: endpoint(routes.delete, { params: reportIdParamsSchema, response: null, status: 204 }),
  deletePhoto: endpoint(routes.deletePhoto, { params: reportPhotoParamsSchema, response: null, status: 204 }),
  /** Multipart: the fields above and one `photo`. */
  createManual: endpoint(routes.createManual, {
    form: { fields: manualReportFieldsSchema, files: { photo: { max: 1 } } },
    response: reportSchema,
    status: 201,
  }),
  renumber: endpoint(routes.renumber, { response: renumberResponseSchema }),
};
