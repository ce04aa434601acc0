// The nearest site waiting to be cleaned (DESIGN.md "geo"): search a box around the volunteer that
// widens until it holds a site within its own radius; the nearest such site is the nearest anywhere,
// since everything outside the box is farther than the radius. Cost grows with the sites near the
// volunteer, not with all sites. Offensive graffiti (the priority mark) within 2 km comes before any
// nearer ordinary site.
import type { FindNearbyResponse } from '#shared/contracts/cleanups.ts';
import { findMessages } from '#shared/domain/volunteer-messages.ts';
import type { ReportRow } from '../reports/reports.repository.ts';
import { toReportResponse } from '../reports/reports.service.ts';
import type { CleanupsRepository } from './cleanups.repository.ts';
import { boundingBox, haversineMetres, type Point } from '#shared/domain/geo.ts';
import { locationLinkOf } from './location-link.ts';
import { PRIORITY_RADIUS_METRES } from '#shared/domain/follow-up-messages.ts';

/** The first box's radius in metres, and how much each next box widens. */
const FIRST_RADIUS_M = 250;
const WIDEN_BY = 4;
/** Past this radius (a quarter of the way round the Earth) the search takes every site. */
const LAST_RADIUS_M = 10_000_000;

export async function findNearestOpenSite(
  repository: CleanupsRepository,
  from: Point,
  exclude: readonly number[],
): Promise<{ report: ReportRow; distance: number } | null> {
  for (let radius = FIRST_RADIUS_M; ; radius *= WIDEN_BY) {
    const everywhere = radius > LAST_RADIUS_M;
    const box = everywhere ? { minLat: -90, maxLat: 90 } : boundingBox(from, radius);
    let best: { report: ReportRow; distance: number } | null = null;
    for (const report of await repository.openSitesIn(box, exclude)) {
      const distance = haversineMetres(from, { latitude: report.latitude!, longitude: report.longitude! });
      if (!best || distance < best.distance || (distance === best.distance && report.id < best.report.id))
        best = { report, distance };
    }
    if (best && (everywhere || best.distance <= radius)) return best;
    if (everywhere) return null;
  }
}

/**
 * The nearest open priority site (offensive graffiti) within 2 km, which volunteers are offered before
 * any nearer ordinary site.
 */
export async function findNearestPrioritySite(
  repository: CleanupsRepository,
  from: Point,
  exclude: readonly number[],
): Promise<{ report: ReportRow; distance: number } | null> {
  let best: { report: ReportRow; distance: number } | null = null;
  for (const report of await repository.openSitesIn(boundingBox(from, PRIORITY_RADIUS_METRES), exclude)) {
    if (!report.priority) continue;
    const distance = haversineMetres(from, { latitude: report.latitude!, longitude: report.longitude! });
    if (distance > PRIORITY_RADIUS_METRES) continue;
    if (!best || distance < best.distance || (distance === best.distance && report.id < best.report.id))
      best = { report, distance };
  }
  return best;
}

export function metresText(metres: number): string {
  return metres < 1000 ? `${metres} m` : `${(metres / 1000).toFixed(1)} km`;
}

export async function findNearby(
  repository: CleanupsRepository,
  from: Point,
  exclude: readonly number[],
): Promise<FindNearbyResponse> {
  const [priority, counts] = await Promise.all([
    findNearestPrioritySite(repository, from, exclude),
    repository.countOpenSites(),
  ]);
  const found = priority ?? (await findNearestOpenSite(repository, from, exclude));
  const base = {
    totalAvailable: counts.withCoordinates,
    withoutCoordinates: counts.withoutCoordinates,
  };
  if (found) {
    const distance = Math.round(found.distance);
    return {
      ...base,
      nearestReport: toReportResponse(found.report),
      distance,
      message: priority
        ? `Priority: offensive graffiti ${metresText(distance)} away. Please clean it first.`
        : `The nearest graffiti is ${metresText(distance)} away.`,
      locationLink: locationLinkOf(found.report),
    };
  }
  const unlocated = counts.withoutCoordinates;
  const note =
    unlocated > 0
      ? ` ${unlocated} reported site${unlocated === 1 ? ' has' : 's have'} no map position yet, so the search cannot offer ${unlocated === 1 ? 'it' : 'them'}.`
      : '';
  return {
    ...base,
    nearestReport: null,
    distance: null,
    message: `${findMessages.noResult}${note}`,
    locationLink: null,
  };
}
