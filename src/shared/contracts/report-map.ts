// The map of reports: what one view of the map shows (a bounding box at a zoom), the sites near each
// other gathered into clusters on the server, so any view of the city is a small answer. Open sites
// and those cleaned lately; nothing personal; an offensive report shows its place but never its photo.
import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { reportStatusSchema } from './reports.ts';
import { MAP_MAX_ZOOM } from '../domain/report-map-limits.ts';

export { MAP_CLEANED_WITHIN_DAYS, MAP_MAX_ZOOM } from '../domain/report-map-limits.ts';

const BBOX_PROBLEM = 'bbox must be west,south,east,north in degrees';

/** `west,south,east,north` in degrees, as a map tells its view. */
const boundingBox = z
  .string()
  .max(100)
  .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, { message: BBOX_PROBLEM })
  .transform((text) => text.split(',').map(Number) as [number, number, number, number])
  .refine(
    ([west, south, east, north]) =>
      Math.abs(west) <= 180 &&
      Math.abs(east) <= 180 &&
      Math.abs(south) <= 90 &&
      Math.abs(north) <= 90 &&
      south <= north,
    { message: BBOX_PROBLEM },
  );

export const mapShowSchema = z.enum(['all', 'open', 'cleaned']);
export type MapShow = z.infer<typeof mapShowSchema>;

export const mapViewQuerySchema = z.object({
  bbox: boundingBox,
  zoom: z.coerce.number().int().min(0).max(MAP_MAX_ZOOM),
  /** Open sites (reported or being cleaned), sites cleaned lately, or both. */
  show: mapShowSchema.default('all'),
});

export const mapSiteSchema = z.object({
  kind: z.literal('site'),
  id: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  status: reportStatusSchema,
  /** Offensive graffiti: its photo is never shown in public. */
  offensive: z.boolean(),
  what3words: z.string(),
  reportedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** Null for offensive graffiti. */
  thumbnailUrl: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export type MapSite = z.infer<typeof mapSiteSchema>;

export const mapClusterSchema = z.object({
  kind: z.literal('cluster'),
  latitude: z.number(),
  longitude: z.number(),
  /** Sites in it, and how many of those are open. */
  count: z.number().int(),
  open: z.number().int(),
  /** The zoom at which it breaks apart. */
  expansionZoom: z.number().int(),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;

export const mapViewSchema = z.object({
  features: z.array(z.discriminatedUnion('kind', [mapSiteSchema, mapClusterSchema])),
  /**
   * The version of the report list the answer reflects. Just after a change it may be the one before,
   * while the new one is worked out: a map that heard of the change asks again until it matches.
   */
  version: z.string(),
});
export type MapView = z.infer<typeof mapViewSchema>;

export const mapBasemapSchema = z.object({
  /** The MapLibre style to draw: a public provider's, or the app's own over its extract. */
  styleUrl: z.string(),
});

const photoPairSchema = z.object({ photoUrl: z.string(), thumbnailUrl: z.string() });
export const mapSiteCleanupSchema = z.object({ before: photoPairSchema, after: photoPairSchema });

export const mapTilesParamsSchema = z.object({ version: z.string().regex(/^[0-9a-f]{16}$/) });

/** The administrators' map: any status, priority or not, reported within a range of the city's days. */
export const adminMapQuerySchema = z
  .object({
    bbox: boundingBox,
    zoom: z.coerce.number().int().min(0).max(MAP_MAX_ZOOM),
    status: z.enum(['all', 'reported', 'cleaning', 'completed']).default('all'),
    priority: z.enum(['all', 'priority', 'other']).default('all'),
    /** Reported on or after this day, and on or before that one (the city's calendar days). */
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "The 'From' date must not be after the 'To' date.",
    path: ['to'],
  });
export type AdminMapQuery = z.input<typeof adminMapQuerySchema>;
export type AdminMapFilters = z.output<typeof adminMapQuerySchema>;

export const adminMapViewSchema = mapViewSchema.extend({
  /** More features than one answer carries lay in the view: zoom in to see them all. */
  truncated: z.boolean(),
});
export type AdminMapView = z.infer<typeof adminMapViewSchema>;

export const reportMapEndpoints = {
  view: endpoint(apiRoutes.reportMap.view, { query: mapViewQuerySchema, response: mapViewSchema }),
  basemap: endpoint(apiRoutes.reportMap.basemap, { response: mapBasemapSchema }),
  /** 404 unless the site was cleaned in the map's window and is not offensive. */
  siteCleanup: endpoint(apiRoutes.reportMap.siteCleanup, {
    params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    response: mapSiteCleanupSchema,
  }),
  /** A MapLibre style document, as the extract's own kind of tiles needs. */
  style: endpoint(apiRoutes.reportMap.style, { response: null }),
  /** Bytes of the PMTiles file: the whole file, or one range of it (206). */
  tiles: endpoint(apiRoutes.reportMap.tiles, { params: mapTilesParamsSchema, response: null }),
  adminView: endpoint(apiRoutes.reportMap.adminView, { query: adminMapQuerySchema, response: adminMapViewSchema }),
};
