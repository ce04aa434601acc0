// One wall, many reports: reports at the same three words, or whose positions lie within the site's
// radius of each other, are one site. A new report there is offered as 'already reported', and
// cleaning the site completes all of its open reports.
import { haversineMetres, type Point } from './geo.ts';

/** Reports this close to each other are the same site (a wall spans several three-metre squares). */
export const SITE_RADIUS_METRES = 25;

export interface SitePlace {
  what3words: string;
  latitude: number | null;
  longitude: number | null;
}

/** The distance between two places in metres, or Infinity when either has no position yet. */
export function metresBetween(a: Pick<SitePlace, 'latitude' | 'longitude'>, b: Point | null): number {
  if (b === null || a.latitude === null || a.longitude === null) return Infinity;
  return haversineMetres({ latitude: a.latitude, longitude: a.longitude }, b);
}

/** Whether a report belongs to the site at these words and this position (either may be unknown). */
export function isOfSite(report: SitePlace, words: string | null, at: Point | null): boolean {
  return (words !== null && report.what3words === words) || metresBetween(report, at) <= SITE_RADIUS_METRES;
}
