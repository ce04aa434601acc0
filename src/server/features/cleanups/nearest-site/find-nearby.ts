// The nearest site waiting to be cleaned: search a box around the volunteer that
// widens until it holds a site within its own radius; the nearest such site is the nearest anywhere,
// since everything outside the box is farther than the radius. Cost grows with the sites near the
// volunteer, not with all sites. Offensive graffiti (the priority mark) within 2 km comes before any
// nearer ordinary site. The search stops at the volunteer's radius (5 km unless widened), and
// 'Find another site' passes over every report at a place already seen in this visit (the same words,
// or within a few metres) until the sites elsewhere within the radius have all been seen.
import type { FindNearbyResponse } from '#shared/contracts/cleanups.ts';
import { distanceText } from '#shared/domain/format.ts';
import { normaliseThreeWords } from '#shared/domain/three-words.ts';
import { findMessages } from '#shared/domain/volunteer-messages.ts';
import { locationLinkOf, toReportResponse, type ReportRow } from '#server/features/reports/index.ts';
import {
  rankExactly,
  type OpenSitesRepository,
  type NearestFirst,
  type OpenSite,
  type Surroundings,
} from './open-sites.repository.ts';
import { boundingBox, haversineMetres, type Point } from '#shared/domain/geo.ts';
import { PRIORITY_RADIUS_METRES } from '#shared/domain/report-follow-up.ts';
import { pointOf } from '#server/db/tables.ts';

/** The first box's radius in metres, and how much each next box widens. */
const FIRST_RADIUS_M = 250;
const WIDEN_BY = 4;
/** Past this radius (a quarter of the way round the Earth) the search takes every site. */
const LAST_RADIUS_M = 10_000_000;
/** The radius searched unless the volunteer widens it, and the wider ones offered in turn. */
export const DEFAULT_FIND_RADIUS_M = 5_000;
const WIDER_FIND_RADII_M = [20_000, 100_000] as const;
/** How many of the nearest sites by flat-map distance are measured on the globe. */
const CANDIDATES = 16;
/** Two reports this close are at the same wall: one three-word square is about 3 m across. */
const SAME_PLACE_METRES = 5;

type Place = Pick<ReportRow, 'what3words' | 'latitude' | 'longitude'>;

function samePlace(a: Place, b: OpenSite): boolean {
  if (b.what3words !== undefined && normaliseThreeWords(a.what3words) === normaliseThreeWords(b.what3words))
    return true;
  const here = pointOf(a.latitude, a.longitude);
  const there = pointOf(b.latitude, b.longitude);
  return here !== null && there !== null && haversineMetres(here, there) <= SAME_PLACE_METRES;
}

type Found<T> = { report: T; distance: number } | null;

/** The nearer of two sites; at the same distance, the older report. */
function nearer<T extends { id: number }>(best: Found<T>, report: T, distance: number): Found<T> {
  return !best || distance < best.distance || (distance === best.distance && report.id < best.report.id)
    ? { report, distance }
    : best;
}

const distanceTo = (from: Point, site: OpenSite) =>
  haversineMetres(from, { latitude: site.latitude!, longitude: site.longitude! });

/** How many sites the index walk fetches for each one a box step asks for (see `rankExactly`). */
const WALK_OVERFETCH = 2;
/** The walk fetches at most this many; a box step it cannot vouch for asks the database itself. */
const WALK_MAX = 512;
const walkSize = (seenPlaces: number) => Math.min(WALK_MAX, (1 + seenPlaces) * CANDIDATES * WALK_OVERFETCH);

/**
 * The nearest open site, weighed on its place alone (the whole report is read for the winner only).
 * Each widening box takes its first sites from one walk of the index nearest first (PostgreSQL) when
 * the walk vouches for them, and asks the database for that box otherwise: the same sites either way.
 */
export async function nearestOpenSite(
  repository: OpenSitesRepository,
  from: Point,
  exclude: readonly number[],
  maxMetres = Number.POSITIVE_INFINITY,
  seenPlaces: readonly Place[] = [],
  walked?: NearestFirst | null,
): Promise<Found<OpenSite>> {
  const nearest =
    walked === undefined
      ? await repository.nearestFirst(from, exclude, walkSize(seenPlaces.length), { withWords: seenPlaces.length > 0 })
      : walked;
  for (let radius = FIRST_RADIUS_M; ; radius *= WIDEN_BY) {
    const limit = Math.min(radius, maxMetres);
    const everywhere = limit > LAST_RADIUS_M;
    const box = everywhere ? { minLat: -90, maxLat: 90 } : boundingBox(from, limit);
    // The nearest few by flat-map distance hold the nearest on the globe; places already seen are
    // passed over, so as many more are asked for as there are seen places (each may be many reports,
    // and if all that came were seen, the whole box is read).
    const few = (1 + seenPlaces.length) * CANDIDATES;
    const query = { from, withWords: seenPlaces.length > 0 };
    let sites =
      (nearest && rankExactly(nearest.sites, box, from, few, nearest.fetched, everywhere ? undefined : limit)) ??
      (await repository.openSitesIn(box, exclude, { ...query, limit: few }));
    let unseen = sites.filter((site) => !seenPlaces.some((seen) => samePlace(seen, site)));
    if (unseen.length === 0 && sites.length === few) {
      sites = await repository.openSitesIn(box, exclude, query);
      unseen = sites.filter((site) => !seenPlaces.some((seen) => samePlace(seen, site)));
    }
    let best: Found<OpenSite> = null;
    for (const site of unseen) best = nearer(best, site, distanceTo(from, site));
    if (best && (everywhere || best.distance <= limit)) return best;
    if (everywhere || limit >= maxMetres) return null;
  }
}

/**
 * The nearest open priority site (offensive graffiti) within 2 km, which volunteers are offered before
 * any nearer ordinary site.
 */
export async function nearestPrioritySite(
  repository: OpenSitesRepository,
  from: Point,
  exclude: readonly number[],
  walked?: NearestFirst | null,
): Promise<Found<OpenSite>> {
  let best: Found<OpenSite> = null;
  const box = boundingBox(from, PRIORITY_RADIUS_METRES);
  const sites =
    (walked && rankExactly(walked.sites, box, from, CANDIDATES, walked.fetched, PRIORITY_RADIUS_METRES)) ??
    (await repository.openSitesIn(box, exclude, { priorityOnly: true, from, limit: CANDIDATES }));
  for (const site of sites) {
    const distance = distanceTo(from, site);
    if (distance <= PRIORITY_RADIUS_METRES) best = nearer(best, site, distance);
  }
  return best;
}

/** The site to offer: a priority site near by first, else the nearest elsewhere, with its whole report. */
async function siteToOffer(
  repository: OpenSitesRepository,
  from: Point,
  exclude: readonly number[],
  radiusMetres: number,
  seenPlaces: readonly Place[],
  walked: Surroundings['nearest'],
): Promise<{ report: ReportRow; distance: number; priority: boolean } | null> {
  const [priority, nearest] = await Promise.all([
    nearestPrioritySite(repository, from, exclude, walked?.priority ?? null),
    // Elsewhere first; once every other site within the radius was seen, the rest of a seen wall.
    nearestOpenSite(repository, from, exclude, radiusMetres, seenPlaces, walked?.open ?? null).then(
      (elsewhere) => elsewhere ?? nearestOpenSite(repository, from, exclude, radiusMetres, [], walked?.open ?? null),
    ),
  ]);
  const found = priority ?? nearest;
  if (!found) return null;
  const report =
    walked?.reports.find((row) => row.id === found.report.id) ?? (await repository.findReport(found.report.id));
  // Claimed or deleted in the moment between: search again without it (and without the walks, which
  // hold it).
  if (!report || report.status !== 'reported') {
    return siteToOffer(repository, from, [...exclude, found.report.id], radiusMetres, seenPlaces, undefined);
  }
  return { report, distance: found.distance, priority: Boolean(priority) };
}

export async function findNearby(
  repository: OpenSitesRepository,
  from: Point,
  exclude: readonly number[],
  radiusMetres = DEFAULT_FIND_RADIUS_M,
): Promise<FindNearbyResponse> {
  // One round trip on PostgreSQL for the counts, the places passed over and both index walks.
  const { counts, seenPlaces, nearest } = await repository.surroundings(from, exclude, {
    open: walkSize(exclude.length),
    priority: CANDIDATES * WALK_OVERFETCH,
  });
  const found = await siteToOffer(repository, from, exclude, radiusMetres, seenPlaces, nearest);
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
      message: found.priority
        ? `Priority: offensive graffiti ${distanceText(distance)} away. Please clean it first.`
        : `The nearest graffiti is ${distanceText(distance)} away.`,
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
    message: `${findMessages.noneWithin(distanceText(radiusMetres))}${note}`,
    locationLink: null,
    widerRadiusMetres: wider,
  };
}
