// The reports API contract: the server validates
// with these schemas and the client takes its types from them.
import { z } from 'zod';
import { rowIdParam } from './ids.ts';
import { REPORT_STATUSES } from '../domain/report-status.ts';
import { followUpMessages } from '../domain/follow-up-messages.ts';
import { messages } from '../domain/messages.ts';
import { isAcceptableLocation, normaliseThreeWords } from '../domain/three-words.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { multilineText, plainText } from './text.ts';

export const reportStatusSchema = z.enum(REPORT_STATUSES);
export const locationSourceSchema = z.enum(['device', 'photo', 'words']);
/**
 * Whether the typed location was checked with the location provider: 'checked'; 'to-check' when the
 * provider could not be reached (the server tries again in the background); 'not-found' when it later
 * said the words name no place in the city.
 */
export const locationStatusSchema = z.enum(['checked', 'to-check', 'not-found']);
export type LocationStatus = z.infer<typeof locationStatusSchema>;
export type LocationSource = z.infer<typeof locationSourceSchema>;

/** A three-word location as typed: required, non-blank, no angle brackets; normalised on the way in. */
export const threeWordsInputSchema = plainText('The three-word location', { error: messages.report.locationRequired })
  .refine((value) => value.length > 0, { message: messages.report.locationRequired })
  .refine(isAcceptableLocation, { message: messages.report.locationInvalid })
  .transform(normaliseThreeWords)
  .refine((value) => value.length <= 200, { message: messages.report.locationInvalid });

const optionalNumber = (min: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** An address to tell when a report is cleaned: trimmed and lower-cased. */
export const followEmailSchema = z
  .string({ error: followUpMessages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, { message: followUpMessages.emailInvalid })
  .pipe(z.email({ error: followUpMessages.emailInvalid }));

/** The text fields of `POST /api/reports` (multipart). The photo is checked by the photo pipeline. */
export const createReportFieldsSchema = z
  .object({
    what3words: threeWordsInputSchema,
    description: multilineText('The description')
      .max(2000, { message: 'Description must be at most 2000 characters' })
      .optional()
      .transform((value) => value || null),
    latitude: optionalNumber(-90, 90),
    longitude: optionalNumber(-180, 180),
    accuracy: optionalNumber(0, 100_000),
    /**
     * Where the sent coordinates came from: the device's position reading (the default), or the
     * photo's EXIF GPS, which the browser reads before it shrinks the photo and so strips the metadata.
     */
    locationSource: z.enum(['device', 'photo']).optional(),
    /**
     * Where the person's device is, sent when the location button was used but the words were then
     * changed: only to put the nearest of the suggestions first if the words name no place; never stored.
     */
    nearLatitude: optionalNumber(-90, 90),
    nearLongitude: optionalNumber(-180, 180),
    /**
     * The phone's own random key for this report (a UUID, or 32 hex digits), sent again with every
     * retry: a retry answers the first report with its private status link, so the key is as secret
     * as that link, and one short enough to guess is refused.
     */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,100}$/, { message: 'idempotencyKey must be 32 to 100 letters, digits, _ or -' })
      .optional(),
    /** 'Tell me when it is cleaned': confirmed by a link e-mailed to it before anything else is sent. */
    notifyEmail: z
      .string()
      .optional()
      .transform((value) => (value?.trim() ? value : undefined))
      .pipe(followEmailSchema.optional()),
    /** 'Is it offensive ...?' answered yes: the report is marked priority. */
    offensive: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  })
  .refine((fields) => (fields.latitude === undefined) === (fields.longitude === undefined), {
    message: 'latitude and longitude must be sent together',
    path: ['latitude'],
  })
  .refine((fields) => (fields.nearLatitude === undefined) === (fields.nearLongitude === undefined), {
    message: 'nearLatitude and nearLongitude must be sent together',
    path: ['nearLatitude'],
  });
export type CreateReportFields = z.input<typeof createReportFieldsSchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  what3words: z.string(),
  description: z.string().nullable(),
  photoUrl: z.string(),
  thumbnailUrl: z.string(),
  status: reportStatusSchema,
  reportedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /**
   * A link that shows the place on a map, chosen by the code the words were stored in: what3words'
   * own page for what3words addresses, otherwise OpenStreetMap at the coordinates; null when neither.
   */
  locationLink: z.string().nullable(),
  locationSource: locationSourceSchema.nullable(),
  locationStatus: locationStatusSchema,
  /** An administrator blurred part of one of its photos to protect someone's privacy. */
  photoRedacted: z.boolean(),
  /** How many people reported this graffiti (the first report and each added photo). */
  reporterCount: z.number().int(),
  /** Offensive graffiti, offered to volunteers first. */
  priority: z.boolean(),
});
export type Report = z.infer<typeof reportSchema>;

/** The answer to the reporter: the report and the token of its private status page (only ever to them). */
export const createdReportSchema = reportSchema.extend({ statusToken: z.string().nullable() });
export type CreatedReport = z.infer<typeof createdReportSchema>;

export const reportListSchema = z.array(reportSchema);

export const reportPhotoSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  photoType: z.string(),
  description: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  photoUrl: z.string(),
  thumbnailUrl: z.string(),
  createdAt: z.iso.datetime(),
});
export type ReportPhoto = z.infer<typeof reportPhotoSchema>;
export const reportPhotoListSchema = z.array(reportPhotoSchema);

export const reportIdParamsSchema = z.object({ id: rowIdParam() });

export const statsSchema = z.object({
  reports: z.object({
    total: z.number().int(),
    reported: z.number().int(),
    cleaning: z.number().int(),
    completed: z.number().int(),
  }),
  volunteers: z.number().int(),
  cleanups: z.number().int(),
  totalMinutes: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;

export const reportEndpoints = {
  /**
   * A public report (multipart: the fields above and one `photo`). 201 when stored; 200 with the
   * report already stored when the same idempotency key comes again.
   */
  create: endpoint(apiRoutes.reports.create, {
    form: { fields: createReportFieldsSchema, files: { photo: { max: 1 } } },
    response: createdReportSchema,
    status: 201,
    alsoStatus: 200,
  }),
  photos: endpoint(apiRoutes.reports.photos, { params: reportIdParamsSchema, response: reportPhotoListSchema }),
  stats: endpoint(apiRoutes.reports.stats, { response: statsSchema }),
};
