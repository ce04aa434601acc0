// Following a report: its public status page by private token (no account, no number to guess, nothing
// personal in the answer), 'Tell me when it is cleaned' with its confirm and unsubscribe links,
// 'Already reported here' with 'Add my photo to it'.
import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { emailLinkQuerySchema } from './email-link.ts';
import { followEmailSchema, optionalFollowEmailSchema, reportIdParamsSchema, reportStatusSchema } from './reports.ts';

/** What the status page shows: no description, no names, no addresses. */
export const reportStatusPageSchema = z.object({
  id: z.number().int(),
  what3words: z.string(),
  /** The map link of the three-word location; null when there is no position to show. */
  locationLink: z.string().nullable(),
  status: reportStatusSchema,
  reportedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  photoUrl: z.string(),
  thumbnailUrl: z.string(),
  /** Once cleaned by a volunteer: the after photo. */
  afterPhotoUrl: z.string().nullable(),
  afterThumbnailUrl: z.string().nullable(),
  reporterCount: z.number().int(),
  photoRedacted: z.boolean(),
});
export type ReportStatusPage = z.infer<typeof reportStatusPageSchema>;

/** Any text: a wrong token answers 404 like an unknown one, never a hint about its shape. */
export const statusTokenParamsSchema = z.object({ token: z.string().max(200) });
export const followInputSchema = z.object({ email: followEmailSchema });
export const followResultSchema = z.object({ message: z.string() });

/** `GET /api/reports/already-reported`: the words as typed, and the position when there is one. */
export const alreadyReportedQuerySchema = z
  .object({
    words: z.string().max(200).optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'lat and lng must be sent together',
  });

export const alreadyReportedSchema = z.object({
  report: z
    .object({
      id: z.number().int(),
      what3words: z.string(),
      reportedAt: z.iso.datetime(),
      thumbnailUrl: z.string(),
      reporterCount: z.number().int(),
    })
    .nullable(),
});
export type AlreadyReported = z.infer<typeof alreadyReportedSchema>;

/** `POST /api/reports/:id/confirmations`: 'Add my photo to it', optionally asking to hear when it is cleaned. */
export const confirmationFieldsSchema = z.object({ notifyEmail: optionalFollowEmailSchema });

export const confirmationResultSchema = z.object({
  id: z.number().int(),
  statusToken: z.string(),
  reporterCount: z.number().int(),
});
export type ConfirmationResult = z.infer<typeof confirmationResultSchema>;

const routes = apiRoutes.reportFollowUp;
const byToken = { params: statusTokenParamsSchema };

export const reportFollowUpEndpoints = {
  status: endpoint(routes.status, { ...byToken, response: reportStatusPageSchema }),
  follow: endpoint(routes.follow, { ...byToken, body: followInputSchema, response: followResultSchema }),
  confirmPage: endpoint(routes.confirmPage, { query: emailLinkQuerySchema, response: null }),
  confirm: endpoint(routes.confirm, { query: emailLinkQuerySchema, response: null }),
  unsubscribePage: endpoint(routes.unsubscribePage, { query: emailLinkQuerySchema, response: null }),
  unsubscribe: endpoint(routes.unsubscribe, { query: emailLinkQuerySchema, response: null }),
  alreadyReported: endpoint(routes.alreadyReported, {
    query: alreadyReportedQuerySchema,
    response: alreadyReportedSchema,
  }),
  addConfirmation: endpoint(routes.addConfirmation, {
    params: reportIdParamsSchema,
    form: { fields: confirmationFieldsSchema, files: { photo: { max: 1 } } },
    response: confirmationResultSchema,
    status: 201,
  }),
};
