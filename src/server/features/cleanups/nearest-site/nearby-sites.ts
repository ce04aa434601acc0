// The open sites near a volunteer, nearest first, for the find page's list and map: the same open
// sites, the same withheld ones left out, and the same radius as the nearest-site search, so any of
// them may be chosen instead of the one offered. Taking one on is the ordinary claim, under its rules.
import { NEARBY_SITES_MAX, type NearbySitesResponse } from '#shared/contracts/cleanups.ts';
import { boundingBox, haversineMetres, type Point } from '#shared/domain/geo.ts';
import { locationLinkOf, toReportResponse } from '#server/features/reports/index.ts';
import type { OpenSitesRepository } from './open-sites.repository.ts';
import { DEFAULT_FIND_RADIUS_M } from './find-nearby.ts';

/** The box search orders by flat-map distance: twice as many as shown hold the nearest on the globe. */
const OVERFETCH = 2;

export async function nearbySites(
  repository: OpenSitesRepository,
  from: Point,
  exclude: readonly number[],
  radiusMetres = DEFAULT_FIND_RADIUS_M,
): Promise<NearbySitesResponse> {
  const candidates = await repository.openSitesIn(boundingBox(from, radiusMetres), exclude, {
    from,
    limit: NEARBY_SITES_MAX * OVERFETCH + 1,
  });
  const within = candidates
    .map((site) => ({
      id: site.id,
      distance: haversineMetres(from, { latitude: site.latitude!, longitude: site.longitude! }),
    }))
    .filter((site) => site.distance <= radiusMetres)
    .sort((a, b) => a.distance - b.distance || a.id - b.id);
  const shown = within.slice(0, NEARBY_SITES_MAX);
  const reports = new Map((await repository.openReports(shown.map((site) => site.id))).map((row) => [row.id, row]));
  return {
    // A site claimed in the moment between the two reads is left out.
    sites: shown.flatMap(({ id, distance }) => {
      const row = reports.get(id);
      return row
        ? [{ report: toReportResponse(row), distance: Math.round(distance), locationLink: locationLinkOf(row) }]
        : [];
    }),
    radiusMetres,
    more: within.length > NEARBY_SITES_MAX || candidates.length > NEARBY_SITES_MAX * OVERFETCH,
  };
}
