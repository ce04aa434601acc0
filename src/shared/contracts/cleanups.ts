// The find-and-clean workflow's API (with its permissions and the rules of time
// worked): the nearest open site, claiming and releasing it, progress photos, and the clean-up itself.
import { z } from 'zod';
import { rowId, rowIdParam } from './ids.ts';
import { reportSchema } from './reports.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { multilineText } from './text.ts';

const coordinate = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number from ${min} to ${max}` })
    .min(min)
    .max(max);

export const findNearbyRequestSchema = z.object({
  userLatitude: coordinate('userLatitude', -90, 90),
  userLongitude: coordinate('userLongitude', -180, 180),
  /** Sites to pass over ('Find another site'). */
  excludeReportIds: z.array(rowId()).max(500).optional(),
  /** How far to look, in metres: 5 km unless the volunteer widened the search. */
  radiusMetres: z.number().int().min(100).max(20_000_000).optional(),
});

export const findNearbyResponseSchema = z.object({
  nearestReport: reportSchema.nullable(),
  /** Great-circle distance in whole metres; null when nothing was found. */
  distance: z.number().int().nullable(),
  message: z.string(),
  /** Reports waiting to be cleaned that have coordinates (the ones the search can offer). */
  totalAvailable: z.number().int(),
  /** Reports waiting to be cleaned that have no coordinates, so the search cannot offer them. */
  withoutCoordinates: z.number().int(),
  /** A link that shows the site on a map (what3words or OpenStreetMap); null when there is none. */
  locationLink: z.string().nullable(),
  /** The radius searched, in metres. */
  radiusMetres: z.number().int(),
  /** When nothing was found: the next, wider radius to offer, or null when there is none. */
  widerRadiusMetres: z.number().int().nullable(),
});
export type FindNearbyResponse = z.infer<typeof findNearbyResponseSchema>;

/** The most open sites the find page's list and map show at once. */
export const NEARBY_SITES_MAX = 50;

export const nearbySitesRequestSchema = findNearbyRequestSchema.pick({
  userLatitude: true,
  userLongitude: true,
  radiusMetres: true,
});

export const nearbySitesResponseSchema = z.object({
  /** Open sites the volunteer may take on, nearest first, at most `NEARBY_SITES_MAX`. */
  sites: z.array(
    z.object({
      report: reportSchema,
      /** Great-circle distance in whole metres. */
      distance: z.number().int(),
      locationLink: z.string().nullable(),
    }),
  ),
  /** The radius searched, in metres. */
  radiusMetres: z.number().int(),
  /** More open sites lay within the radius than the list holds. */
  more: z.boolean(),
});
export type NearbySitesResponse = z.infer<typeof nearbySitesResponseSchema>;

export const currentCleanupResponseSchema = z.object({
  report: reportSchema.nullable(),
  locationLink: z.string().nullable(),
});
export type CurrentCleanupResponse = z.infer<typeof currentCleanupResponseSchema>;

/** A cleanup record, with the nested report. hoursWorked is in minutes. */
export const cleanupRecordSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  completedAt: z.iso.datetime(),
  hoursWorked: z.number().int(),
  beforePhotoUrl: z.string(),
  afterPhotoUrl: z.string(),
  beforeThumbnailUrl: z.string(),
  afterThumbnailUrl: z.string(),
  notes: z.string().nullable(),
  /** The minutes measured from claim to completion when the volunteer corrected hoursWorked down; else null. */
  measuredMinutes: z.number().int().nullable(),
  /** Why the time was corrected. */
  timeNote: z.string().nullable(),
  report: z.object({
    id: z.number().int(),
    what3words: z.string(),
    locationLink: z.string().nullable(),
  }),
});
export type CleanupRecord = z.infer<typeof cleanupRecordSchema>;

export const completeCleanupResponseSchema = z.object({
  cleanup: cleanupRecordSchema,
  report: reportSchema,
  /** Badges this clean-up earned for the linked volunteer. */
  newAchievements: z.array(z.string()),
  /** The other open reports of the same site, completed with it. */
  alsoCompleted: z.array(z.object({ id: z.number().int(), what3words: z.string() })),
});
export type CompleteCleanupResponse = z.infer<typeof completeCleanupResponseSchema>;

/** The text fields of `POST /api/cleanup/complete` (multipart, with beforePhoto and afterPhoto). */
export const completeCleanupFieldsSchema = z.object({
  reportId: rowIdParam('reportId is required'),
  volunteerEmail: z
    .string()
    .max(254)
    .optional()
    .transform((value) => (value?.trim() ? value.trim().toLowerCase() : null))
    .pipe(z.email({ message: 'Please enter a valid email address.' }).nullable()),
  notes: multilineText('Notes')
    .max(2000)
    .optional()
    .transform((value) => value || null),
});

export const cleanupEndpoints = {
  findNearby: endpoint(apiRoutes.cleanups.findNearby, {
    body: findNearbyRequestSchema,
    response: findNearbyResponseSchema,
  }),
  nearbySites: endpoint(apiRoutes.cleanups.nearbySites, {
    body: nearbySitesRequestSchema,
    response: nearbySitesResponseSchema,
  }),
  current: endpoint(apiRoutes.cleanups.current, { response: currentCleanupResponseSchema }),
  /** Multipart: the fields above, one `beforePhoto` and one `afterPhoto`. */
  complete: endpoint(apiRoutes.cleanups.complete, {
    form: { fields: completeCleanupFieldsSchema, files: { beforePhoto: { max: 1 }, afterPhoto: { max: 1 } } },
    response: completeCleanupResponseSchema,
  }),
};
