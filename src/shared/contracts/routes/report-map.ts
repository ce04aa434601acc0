import { route } from '../http.ts';

/** The map: the sites one view shows, clustered. */
export const reportMapRoutes = {
  view: route('GET', '/api/map'),
  /** A site cleaned lately: the before and after photos of its clean-up. */
  siteCleanup: route('GET', '/api/map/sites/:id/cleanup'),
  /** Where the map's basemap comes from: a public style, or the app's own extract. */
  basemap: route('GET', '/api/map/basemap'),
  /** The style of the app's own extract (served only when there is one). */
  style: route('GET', '/api/map/style'),
  /** The app's own extract, a PMTiles file read by HTTP ranges; its version is in the path. */
  tiles: route('GET', '/api/map/tiles/:version'),
  /** Administrators' map of every report: clusters and their weights for a heat layer, filtered. */
  adminView: route('GET', '/api/admin/map'),
} as const;
