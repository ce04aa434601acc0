// Everything the API says about a report: intake, the list and its pages, the management calls
// (edit, delete, manual reports, renumbering, priority), photo redaction, the workflow's status and
// photo calls, and the reports waiting for a place. The server validates with these schemas and the
// client takes its types from them.
import { z } from 'zod';
import { rowId, rowIdParam } from './ids.ts';
import { calendarDay } from './calendar-day.ts';
import { REPORT_STATUSES } from '../domain/report-status.ts';
import { messages } from '../domain/messages.ts';
import { reportEditMessages } from '../domain/report-edit-messages.ts';
import { redactionMessages } from '../domain/privacy-messages.ts';
import { reportPhotoMessages, UPLOADED_PHOTO_TYPES } from '../domain/report-photos.ts';
import { MAX_PROGRESS_PHOTOS, MAX_REDACTION_AREAS } from '../domain/limits.ts';
import { isAcceptableLocation, normaliseThreeWords } from '../domain/three-words.ts';
import {
  BULK_STATUS_MAX,
  REPORT_LIST_SORTS,
  REPORT_LIST_STATUSES,
  REPORT_PAGE_MAX,
  REPORT_PAGE_SIZE,
  REPORT_POSITION_MAX,
} from '../domain/report-list.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { multilineText, plainText } from './text.ts';
import { REFERRAL_STATES } from './open311-partners.ts';

export type { ReportListSort, ReportListStatus } from '../domain/report-list.ts';

export const reportStatusSchema = z.enum(REPORT_STATUSES);
export const locationSourceSchema = z.enum(['device', 'photo', 'words']);
/**
 * Whether the typed location was checked with the location provider: 'checked'; 'to-check' when the
 * provider could not be reached (the server tries again in the background); 'not-found' when it later
 * said the words name no place in the city.
 */
export const locationStatusSchema = z.enum(['checked', 'to-check', 'not-found']);

/** A three-word location as typed: required, non-blank, no angle brackets; normalised on the way in. */
export const threeWordsInputSchema = plainText('The three-word location', { error: messages.report.locationRequired })
  .refine((value) => value.length > 0, { message: messages.report.locationRequired })
  .refine(isAcceptableLocation, { message: messages.report.locationInvalid })
  .transform(normaliseThreeWords)
  .refine((value) => value.length <= 200, { message: messages.report.locationInvalid });

/** A report's description as typed, at most 2000 characters. */
const description = multilineText('The description').max(2000, {
  message: 'Description must be at most 2000 characters',
});

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
  .string({ error: messages.followByEmail.invalid })
  .trim()
  .toLowerCase()
  .max(254, { message: messages.followByEmail.invalid })
  .pipe(z.email({ error: messages.followByEmail.invalid }));
/** The same address as an optional form field, where an empty one means none. */
export const optionalFollowEmailSchema = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value : undefined))
  .pipe(followEmailSchema.optional());

/** The reference of a photo this browser sent ahead (`POST /api/reports/staged-photos`), sent instead of the photo. */
export const stagedPhotoReferenceSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'stagedPhoto must be the reference the server gave for the photo' });

/** The text fields of `POST /api/reports` (multipart). The photo is checked by the photo pipeline. */
export const createReportFieldsSchema = z
  .object({
    what3words: threeWordsInputSchema,
    description: description.optional().transform((value) => value || null),
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
    notifyEmail: optionalFollowEmailSchema,
    stagedPhoto: stagedPhotoReferenceSchema.optional(),
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
  /** How many devices said 'Me too' for it. */
  meTooCount: z.number().int(),
  /** Offensive graffiti, offered to volunteers first. */
  priority: z.boolean(),
});
export type Report = z.infer<typeof reportSchema>;

/** The answer to the reporter: the report and the token of its private status page (only ever to them). */
export const createdReportSchema = reportSchema.extend({ statusToken: z.string().nullable() });

/** A photo sent ahead of its report: the reference its report names it by, until it expires. */
export const stagedPhotoSchema = z.object({ reference: z.string(), expiresAt: z.string() });
export type StagedPhotoAnswer = z.infer<typeof stagedPhotoSchema>;
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

// The management list at city scale: one filtered, sorted page of reports at a time, with how many
// match, each card's position in the list being shown and whether its location is shared by any
// other report. `GET /api/reports` with no query still answers the whole list; with a query it
// answers a page. Also: several reports' status at once, and the reports being shown as CSV.

/** Which reports: every filter is optional, and together they narrow the list. */
export const reportFilterSchema = z.object({
  status: z.enum(REPORT_LIST_STATUSES).default('all'),
  /** None: newest reported first. */
  sort: z.enum(REPORT_LIST_SORTS).optional(),
  /** Words that must each appear in the three-word location or the description, or a report number. */
  q: z.string().trim().max(200).optional(),
  /** '1': only reports whose location could not be placed (no coordinates). */
  unplaced: z.enum(['1']).optional(),
  /** '1': only reports marked priority (offensive graffiti). */
  priority: z.enum(['1']).optional(),
  /** '1': only reports not cleaned yet whose due time has passed. */
  overdue: z.enum(['1']).optional(),
  /** '1': only reports on private property still waiting for the owner's consent. */
  awaitingConsent: z.enum(['1']).optional(),
  /**
   * '1': offensive reports first, then those with a 'Me too', then the rest, each group in the chosen
   * sort (or newest first). An order rather than a filter, kept here so the CSV follows the list.
   */
  priorityFirst: z.enum(['1']).optional(),
  /** Reported on or after this day, and on or before that one (the city's calendar days). */
  from: calendarDay.optional(),
  to: calendarDay.optional(),
});
export type ReportFilter = z.output<typeof reportFilterSchema>;

const positionMessage = 'A position in the list is a whole number from 1.';

export const reportPageQuerySchema = reportFilterSchema.extend({
  /** Where the previous page ended (its `nextCursor`); none for the first page. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  /**
   * Instead of a cursor: the page that starts at this place in the list, its 'Report #n' (from 1),
   * to go straight to a report far down a long list. Later pages follow its `nextCursor` as usual.
   */
  position: z.coerce
    .number({ error: positionMessage })
    .int({ error: positionMessage })
    .min(1, { error: positionMessage })
    .max(REPORT_POSITION_MAX, { error: positionMessage })
    .optional(),
  limit: z.coerce.number().int().min(1).max(REPORT_PAGE_MAX).default(REPORT_PAGE_SIZE),
});
export type ReportPageQuery = z.input<typeof reportPageQuerySchema>;

export const reportPageItemSchema = reportSchema.extend({
  /** Its place in the list being shown, from 1: the card's 'Report #n'. */
  position: z.number().int().positive(),
  /** Another report, anywhere in the data, has the same location. */
  duplicate: z.boolean(),
  /** When a volunteer's claim returns the site to the list by itself; null when no volunteer claims it. */
  claimLapsesAt: z.iso.datetime().nullable(),
  /**
   * When it is due to be cleaned by the service level of its kind; null for a report without one, and
   * for one on its owner's clock (then in `referral`).
   */
  dueAt: z.iso.datetime().nullable(),
  /**
   * Referred to the body responsible for the wall (none when never referred, or withdrawn): the body,
   * where the referral stands, and, while it is on the owner's clock (waiting or sent), its due time.
   */
  referral: z
    .object({ bodyName: z.string(), state: z.enum(REFERRAL_STATES), dueAt: z.iso.datetime().nullable() })
    .nullable()
    .default(null),
  /** The partner app (Open311) whose key made the report; null for any other report. */
  partner: z.string().nullable().default(null),
  /**
   * On private property: who gave the owner's consent and when (both null while it is awaited, and
   * the site is withheld from volunteers); null for a report that does not need it.
   */
  ownerConsent: z.object({ givenBy: z.string().nullable(), givenAt: z.iso.datetime().nullable() }).nullable(),
});
export type ReportPageItem = z.infer<typeof reportPageItemSchema>;

export const reportPageSchema = z.object({
  reports: z.array(reportPageItemSchema),
  /** How many reports match the filters. */
  total: z.number().int().nonnegative(),
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

/**
 * One event of the list's change stream (`data:` as JSON): the list's version now. The stream sends
 * it on connecting and whenever the list changes, a comment line as a heartbeat in between, and asks
 * the browser to reconnect within `retry` after it ends (it ends now and then by design).
 */
export const reportListChangeSchema = z.object({ version: z.string() });
export type ReportListChange = z.infer<typeof reportListChangeSchema>;

export const bulkStatusRequestSchema = z.object({
  ids: z.array(rowId()).min(1).max(BULK_STATUS_MAX),
  status: reportStatusSchema,
});
export const bulkStatusResponseSchema = z.object({
  /** How many of the reports exist and now have the status. */
  updated: z.number().int().nonnegative(),
});

// The management dashboard's report calls: edit, delete, delete a photo,
// manual reports and renumbering. Responses reuse the report shapes of reports.ts.

/** `PATCH /api/reports/:id`: location required, description optional. */
export const updateReportRequestSchema = z.object({
  what3words: threeWordsInputSchema,
  /** Left out: kept as it is; empty or null: removed. */
  description: description.nullish().transform((value) => (value === undefined ? undefined : value || null)),
});

/**
 * The text fields of `POST /api/admin/reports` (multipart): the values are trimmed, and a blank
 * location is the spec's 'Missing required fields' (the photo is checked beside it).
 */
export const manualReportFieldsSchema = z.object({
  what3words: z
    .string()
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value.trim().length > 0, { message: reportEditMessages.missingFields })
    .pipe(threeWordsInputSchema),
  description: description.nullish().transform((value) => value || null),
});

export const reportPhotoParamsSchema = z.object({
  id: rowIdParam(),
  photoId: rowIdParam(),
});

export const renumberResponseSchema = z.object({
  /** How many reports now carry the ids 1..renumbered. */
  renumbered: z.number().int(),
});

// `POST /api/admin/photos/redact`: an administrator blurs parts of a stored photo. Areas are given as
// fractions of the photo's width and height (0 to 1), so they do not depend on the size it is shown at.
export { redactionMessages };

/** Tolerance for areas drawn up to the photo's edge, where rounding can pass 1 by a hair. */
const EDGE = 1e-6;

export const redactionAreaSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().positive().max(1),
    height: z.number().positive().max(1),
  })
  .refine((a) => a.x + a.width <= 1 + EDGE && a.y + a.height <= 1 + EDGE, { message: redactionMessages.areaOutside });
export type RedactionArea = z.infer<typeof redactionAreaSchema>;

export const redactPhotoRequestSchema = z.object({
  /** The photo as the report shows it: `/photos/<key>.jpg`. */
  photoUrl: z.string().regex(/^\/photos\/[A-Za-z0-9_-]+\.jpg$/, { message: redactionMessages.photoNotFound }),
  areas: z
    .array(redactionAreaSchema, { error: redactionMessages.noArea })
    .min(1, { message: redactionMessages.noArea })
    .max(MAX_REDACTION_AREAS, { message: redactionMessages.tooManyAreas }),
});

export const redactPhotoResponseSchema = z.object({
  reportId: z.number().int(),
  photoUrl: z.string(),
  thumbnailUrl: z.string(),
});
export type RedactPhotoResponse = z.infer<typeof redactPhotoResponseSchema>;

export const photoRedactionEndpoints = {
  redact: endpoint(apiRoutes.photoRedaction.redact, {
    body: redactPhotoRequestSchema,
    response: redactPhotoResponseSchema,
  }),
};

// Reports whose typed location could not be placed: the location provider was unreachable when they were
// made (and the background placement has not succeeded yet), or it later said the words name no place.
export const reportLocationEndpoints = {
  /** `GET /api/admin/reports/unplaced`: newest first. */
  unplaced: endpoint(apiRoutes.reportLocations.unplaced, { response: reportListSchema }),
};

export const reportStatusUpdateSchema = z.object({ status: reportStatusSchema });

/** The text fields of `POST /api/reports/:id/photos` when one `photo` is sent (the management dashboard). */
export const reportPhotoFieldsSchema = z.object({
  photoType: z.enum(UPLOADED_PHOTO_TYPES, { error: reportPhotoMessages.unknownType }).optional().default('progress'),
  description: plainText('The description')
    .max(2000)
    .optional()
    .transform((value) => value || null),
  /** Sent by the dashboard's form ('Volunteer') but never read: the server sets it from the session. */
  uploadedBy: z.string().optional(),
});

/** The administrators' priority mark. */
export const priorityInputSchema = z.object({ priority: z.boolean() });
export const priorityResultSchema = z.object({ id: z.number().int(), priority: z.boolean() });

export const reportPriorityEndpoints = {
  setPriority: endpoint(apiRoutes.reportFollowUp.setPriority, {
    params: reportIdParamsSchema,
    body: priorityInputSchema,
    response: priorityResultSchema,
  }),
};

/** Every call under /api/reports: intake, the list, management, and the workflow's status and photos. */
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
  /**
   * The photo, prepared on the phone, sent while the reporter types. Only the browser that sent it (by
   * its staging cookie) may name it in a report, once, within its lifetime (50 minutes).
   */
  stagePhoto: endpoint(apiRoutes.reports.stagePhoto, {
    form: { fields: z.object({}), files: { photo: { max: 1 } } },
    response: stagedPhotoSchema,
    status: 201,
  }),
  photos: endpoint(apiRoutes.reports.photos, { params: reportIdParamsSchema, response: reportPhotoListSchema }),
  stats: endpoint(apiRoutes.reports.stats, { response: statsSchema }),
  /** Without a query the answer is the whole list (an array); with any query parameter, a page. */
  list: endpoint(apiRoutes.reports.list, {
    query: reportPageQuerySchema.partial(),
    response: z.union([reportListSchema, reportPageSchema]),
  }),
  /** Asked with `Accept: text/event-stream` (as EventSource does); events are `reportListChangeSchema`. */
  changes: endpoint(apiRoutes.reports.changes, { response: null }),
  setStatusMany: endpoint(apiRoutes.reports.setStatusMany, {
    body: bulkStatusRequestSchema,
    response: bulkStatusResponseSchema,
  }),
  exportCsv: endpoint(apiRoutes.reports.exportCsv, { query: reportFilterSchema, response: null }),
  edit: endpoint(apiRoutes.reports.edit, {
    params: reportIdParamsSchema,
    body: updateReportRequestSchema,
    response: reportSchema,
  }),
  delete: endpoint(apiRoutes.reports.delete, { params: reportIdParamsSchema, response: null, status: 204 }),
  deletePhoto: endpoint(apiRoutes.reports.deletePhoto, {
    params: reportPhotoParamsSchema,
    response: null,
    status: 204,
  }),
  /** Multipart: the fields above and one `photo`. */
  createManual: endpoint(apiRoutes.reports.createManual, {
    form: { fields: manualReportFieldsSchema, files: { photo: { max: 1 } } },
    response: reportSchema,
    status: 201,
  }),
  renumber: endpoint(apiRoutes.reports.renumber, { response: renumberResponseSchema }),
  setStatus: endpoint(apiRoutes.reports.setStatus, {
    params: reportIdParamsSchema,
    body: reportStatusUpdateSchema,
    response: reportSchema,
  }),
  /** Multipart: up to five `photos` (the workflow), or one `photo` with the fields above (the dashboard). */
  addPhotos: endpoint(apiRoutes.reports.addPhotos, {
    params: reportIdParamsSchema,
    form: { fields: reportPhotoFieldsSchema, files: { photos: { max: MAX_PROGRESS_PHOTOS }, photo: { max: 1 } } },
    response: reportPhotoListSchema,
    status: 201,
  }),
};
