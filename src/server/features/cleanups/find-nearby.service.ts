// The nearest site waiting to be cleaned: search a box around the volunteer that
// widens until it holds a site within its own radius; the nearest such site is the nearest anywhere,
// since everything outside the box is farther than the radius. Cost grows with the sites near the
// volunteer, not with all sites. Offensive graffiti (the priority mark) within 2 km comes before any
// nearer ordinary site. The search stops at the volunteer's radius (5 km unless widened), and
// 'Find another site' passes over every report at a place already seen in this visit (the same words,
// or within a few metres) until the sites elsewhere within the radius have all been seen.
import type { FindNearbyResponse } from '#shared/contracts/cleanups.ts';
import { metresText, radiusText } from '#shared/domain/format.ts';
import { normaliseThreeWords } from '#shared/domain/three-words.ts';
import { findMessages } from '#shared/domain/volunteer-messages.ts';
import type { ReportRow } from '#server/features/reports/index.ts';
import { toReportResponse, locationLinkOf } from '#server/features/reports/index.ts';
import type { CleanupsRepository } from './cleanups.repository.ts';
import { boundingBox, haversineMetres, type Point } from '#shared/domain/geo.ts';
import { PRIORITY_RADIUS_METRES } from '#shared/domain/follow-up-messages.ts';

/** The first box's radius in metres, and how much each next box widens. */
const FIRST_RADIUS_M = 250;
const WIDEN_BY = 4;
/** Past this radius (a quarter of the way round the Earth) the search takes every site. */
const LAST_RADIUS_M = 10_000_000;
/** The radius searched unless the volunteer widens it, and the wider ones offered in turn. */
export const DEFAULT_FIND_RADIUS_M = 5_000;
export const WIDER_FIND_RADII_M = [20_000, 100_000] as const;
/** Two reports this close are at the same wall: one three-word square is about 3 m across. */
export const SAME_PLACE_METRES = 5;

type Place = Pick<ReportRow, 'what3words' | 'latitude' | 'longitude'>;

function samePlace(a: Place, b: Place): boolean {
  if (normaliseThreeWords(a.what3words) === normaliseThreeWords(b.what3words)) return true;
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return false;
  return (
    haversineMetres(
      { latitude: a.latitude, longitude: a.longitude },
      { latitude: b.latitude, longitude: b.longitude },
    ) <= SAME_PLACE_METRES
  );
}

export async function findNearestOpenSite(
  repository: CleanupsRepository,
  from: Point,
  exclude: readonly number[],
  maxMetres = Number.POSITIVE_INFINITY,
  seenPlaces: readonly Place[] = [],
): Promise<{ report: ReportRow; distance: number } | null> {
  for (let radius = FIRST_RADIUS_M; ; radius *= WIDEN_BY) {
    const limit = Math.min(radius, maxMetres);
    const everywhere = limit > LAST_RADIUS_M;
    const box = everywhere ? { minLat: -90, maxLat: 90 } : boundingBox(from, limit);
    let best: { report: ReportRow; distance: number } | null = null;
    for (const report of await repository.openSitesIn(box, exclude)) {
      if (seenPlaces.some((seen) => samePlace(seen, report))) continue;
      const distance = haversineMetres(from, { latitude: report.latitude!, longitude: report.longitude! });
      if (!best || distance < best.distance || (distance === best.distance && report.id < best.report.id))
        best = { report, distance };
    }
    if (best && (everywhere || best.distance <= limit)) return best;
    if (everywhere || limit >= maxMetres) return null;
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

export async function findNearby(
  repository: CleanupsRepository,
  from: Point,
  exclude: readonly number[],
  radiusMetres = DEFAULT_FIND_RADIUS_M,
): Promise<FindNearbyResponse> {
  const seenPlaces = await repository.placesOf(exclude);
  const [priority, nearest, counts] = await Promise.all([
    findNearestPrioritySite(repository, from, exclude),
    // Elsewhere first; once every other site within the radius was seen, the rest of a seen wall.
    findNearestOpenSite(repository, from, exclude, radiusMetres, seenPlaces).then(
      (elsewhere) => elsewhere ?? findNearestOpenSite(repository, from, exclude, radiusMetres),
    ),
    repository.countOpenSites(),
  ]);
  const found = priority ?? nearest;
  const base = {
    totalAvailable: counts.withCoordinates,
    withoutCoordinates: counts.withoutCoordinates,
    radiusMetres,
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
      widerRadiusMetres: null,
    };
  }
  const unlocated = counts.withoutCoordinates;
  const note =
    unlocated > 0
      ? ` ${unlocated} reported site${unlocated === 1 ? ' has' : 's have'} no map position yet, so the search cannot offer ${unlocated === 1 ? 'it' : 'them'}.`
      : '';
  const wider = WIDER_FIND_RADII_M.find((r) => r > radiusMetres) ?? null;
  return {
    ...base,
    nearestReport: null,
    distance: null,
    message: `${findMessages.noneWithin(radiusText(radiusMetres))}${note}`,
    locationLink: null,
    widerRadiusMetres: wider,
  };
}
