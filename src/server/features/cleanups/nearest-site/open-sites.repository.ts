// The nearest-site engine's reads: open sites near a point from the spatial index of open sites (an
// R*Tree on SQLite, a covering GiST index walked nearest first on PostgreSQL), the counts the reports
// table's triggers keep, and the places of sites already passed over. It writes nothing.
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '#server/db/client.ts';
import { PREPARED_STATEMENT } from '#server/db/driver-tuning.ts';
import { KNN_LONGITUDE_SQUASH } from '#server/db/migrations/030-nearest-site-knn.ts';
import { METRES_PER_DEGREE, type Point } from '#shared/domain/geo.ts';
import { findReportById, type ReportRow } from '#server/features/reports/index.ts';

/** What the nearest-site search weighs of an open site. */
export type OpenSite = Pick<ReportRow, 'id' | 'latitude' | 'longitude'> & { what3words?: string };

export interface OpenSiteCounts {
  withCoordinates: number;
  withoutCoordinates: number;
}

export interface OpenSitesQuery {
  /** Nearest to this point first. */
  from?: Point;
  limit?: number;
  priorityOnly?: boolean;
  withWords?: boolean;
}

/**
 * Open sites as the PostgreSQL index walks them, nearest first, and how many were asked for: enough to
 * answer the first few of any box around the same point when `rankExactly` vouches for them.
 */
export interface NearestFirst {
  sites: OpenSite[];
  fetched: number;
}

/** What a find-nearby call needs besides the search: the counts, the places passed over, and (PostgreSQL) the walks. */
export interface Surroundings {
  counts: OpenSiteCounts;
  seenPlaces: Pick<ReportRow, 'what3words' | 'latitude' | 'longitude'>[];
  /** Both walks, and the whole reports of their first sites (timestamps as ISO text). */
  nearest?: { open: NearestFirst; priority: NearestFirst; reports: ReportRow[] };
}

export interface Box {
  minLat: number;
  maxLat: number;
  /** Absent when the box spans every longitude. */
  minLng?: number;
  maxLng?: number;
}

/**
 * The first `limit` of the candidates inside the box, by flat-map distance from `from` and then id, as
 * the box search orders them; null when sites not fetched could belong among them. The index walks by
 * a distance squashed with Edinburgh's cosine rather than the volunteer's, which differs from the exact
 * one by at most the ratio of the two cosines: a site not fetched is at least the last fetched one's
 * index distance, shrunk by that ratio, away.
 *
 * A caller that weighs only the sites within `withinMetres` on the globe (the box is that circle's
 * bounding square) is also answered when the walk reached past the circle, though the box's corners
 * hold sites it did not fetch: every site within the circle is then among the answer, and so is
 * whichever of them the box's first `limit` would hold.
 */
export function rankExactly<T extends OpenSite>(
  candidates: readonly T[],
  box: Box,
  from: Point,
  limit: number,
  fetched: number,
  withinMetres?: number,
): T[] | null {
  const squash = Math.cos((from.latitude * Math.PI) / 180);
  const flat = (latitude: number, longitude: number, lngSquash = squash) => {
    const dLat = latitude - from.latitude;
    const dLng = (longitude - from.longitude) * lngSquash;
    return dLat * dLat + dLng * dLng;
  };
  const wholeWidth = box.minLng === undefined || box.maxLng === undefined;
  const inBox = (site: OpenSite) =>
    site.latitude! >= box.minLat &&
    site.latitude! <= box.maxLat &&
    (wholeWidth || (site.longitude! >= box.minLng! && site.longitude! <= box.maxLng!));
  const ranked = candidates
    .filter(inBox)
    .map((site) => ({ site, distance: flat(site.latitude!, site.longitude!) }))
    .sort((a, b) => a.distance - b.distance || a.site.id - b.site.id)
    .slice(0, limit);
  const answer = ranked.map(({ site }) => site);
  if (candidates.length < fetched) return answer; // every open site was fetched
  // The farthest fetched by the index's own distance (the last of the walk, whatever order rows came in).
  const indexDistance = (site: OpenSite) => flat(site.latitude!, site.longitude!, KNN_LONGITUDE_SQUASH);
  const last = candidates.reduce((far, site) => (indexDistance(site) > indexDistance(far) ? site : far));
  const shrink = Math.min(1, squash / KNN_LONGITUDE_SQUASH);
  // Strictly nearer than any site not fetched can be, with a margin for rounding.
  const beyond = flat(last.latitude!, last.longitude!, KNN_LONGITUDE_SQUASH) * shrink * shrink * (1 - 1e-9);
  if (withinMetres !== undefined && circleReach(from, withinMetres) ** 2 < beyond) return answer;
  if (ranked.length === limit) return ranked[limit - 1]!.distance < beyond ? answer : null;
  // Fewer than asked in the box: exact only if no site not fetched can be in it.
  if (wholeWidth) return null;
  const farthestInBox = flat(
    Math.abs(box.minLat - from.latitude) > Math.abs(box.maxLat - from.latitude) ? box.minLat : box.maxLat,
    Math.abs(box.minLng! - from.longitude) > Math.abs(box.maxLng! - from.longitude) ? box.minLng! : box.maxLng!,
  );
  return farthestInBox < beyond ? answer : null;
}

/** Past this radius (in degrees) the flat map is not trusted to bound a circle on the globe. */
const MOST_CIRCLE_DEG = 5;

/**
 * The flat-map distance (in degrees, longitude squashed with `from`'s cosine) that every site within
 * `metres` of `from` on the globe lies within. Along a meridian the two agree; across, a site's
 * longitude weighs with the cosine at its own latitude, which is smaller poleward of `from` by at most
 * the ratio of the cosines over the circle's reach; 1% more covers the flat map's other, far smaller,
 * errors at these sizes. Infinite (no bound) for a circle too wide or too near a pole.
 */
function circleReach(from: Point, metres: number): number {
  const reach = metres / METRES_PER_DEGREE;
  const poleward = Math.abs(from.latitude) + reach;
  if (reach > MOST_CIRCLE_DEG || poleward >= 85) return Number.POSITIVE_INFINITY;
  const cos = (degrees: number) => Math.cos((degrees * Math.PI) / 180);
  return reach * (cos(Math.abs(from.latitude)) / cos(poleward)) * 1.01;
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
/** The find-nearby statements are prepared once per connection: planning them costs more than running them. */
const prepared = sql.raw(PREPARED_STATEMENT);

/**
 * SQLite: a LIMIT written into the statement's text rather than bound. Over the R*Tree of open sites,
 * a bound LIMIT made these statements several times slower (both a count in an empty square and the
 * whole search, as the bench measures it). A text per
 * limit is cheap there: SQLite keeps the most recent few hundred. PostgreSQL keeps every marked
 * statement for a connection's life, so there the limit stays a bound value (it measured the same).
 */
const sqliteLimit = (rows: number) => sql`limit ${sql.lit(Math.trunc(rows))}`;

/** Where the square search reaches first around the point (in degrees of latitude), doubled each step. */
const FIRST_REACH_DEG = 125 / METRES_PER_DEGREE;
/** Marked sites are far fewer than open ones (one in forty in the seeded data), so their search starts farther out. */
const PRIORITY_REACH_FACTOR = 6;
/** The reach's square is widened by this much, so rounding never leaves out a site on its edge. */
const REACH_MARGIN = 1 + 1e-9;

/**
 * The box search's own walk fetches this many sites for each one asked for, and at most
 * `KNN_FETCH_MOST`: the walk's LIMIT is part of its prepared text, so however many places were passed
 * over, a connection keeps only a few such texts (past the most, the squares answer).
 */
const KNN_FETCH = 8;
const KNN_FETCH_MOST = 1024;

/** A box with all four edges. */
type Square = Required<Box>;

/**
 * Open sites in the square, as a FROM and WHERE over `t` (columns id, latitude, longitude, and
 * what3words when asked): on SQLite the R*Tree of open sites (036), whose boxes are rounded outwards
 * so the square may let in a few more (the exact filter follows); on PostgreSQL the covering GiST
 * index of open sites (037), read index-only.
 */
function sitesInSquare(postgres: boolean, square: Square, priorityOnly: boolean, withWords: boolean) {
  if (postgres) {
    const k = sql.lit(KNN_LONGITUDE_SQUASH);
    return sql`${withWords ? sql`, t.what3words as what3words` : sql``} from reports t
      where t.status = 'reported' ${priorityOnly ? sql`and t.priority = 1` : sql``}
        and t.latitude is not null and t.longitude is not null
        and point(t.longitude * ${k}, t.latitude) <@ box(point(${square.minLng}::float8 * ${k}, ${square.minLat}::float8),
          point(${square.maxLng}::float8 * ${k}, ${square.maxLat}::float8))`;
  }
  return sql`${withWords ? sql`, (select r.what3words from reports r where r.id = t.id) as what3words` : sql``}
    from ${sql.table(priorityOnly ? 'open_priority_sites' : 'open_sites')} t
    where t.max_lat >= ${square.minLat} and t.min_lat <= ${square.maxLat}
      and t.max_lng >= ${square.minLng} and t.min_lng <= ${square.maxLng}`;
}

/**
 * Open sites in the box nearest `from` first by flat-map distance, then id, from a spatial index (see
 * `sitesInSquare`). With a limit, the index is read in squares around `from` (clipped to the box)
 * until the square's nearest `limit` all lie within its reach (flat distance at most half its side):
 * every site of the box that near is inside the square and every other is farther, so those are the
 * box's first `limit`. A square with too few within its reach doubles; one whose last is farther
 * reaches that far next; a square past the box's edges is the box. Distances and edges use the exact coordinates, so
 * the answer is the one sorting the whole box gives, and the cost grows with the sites near `from`
 * rather than with the box.
 */
async function openSitesNear(
  db: Db,
  box: Box,
  exclude: readonly number[],
  { from, limit, priorityOnly = false, withWords = false }: OpenSitesQuery,
): Promise<OpenSite[]> {
  const postgres = isPostgres(db);
  const minLng = box.minLng ?? -180;
  const maxLng = box.maxLng ?? 180;
  const squash = from ? Math.cos((from.latitude * Math.PI) / 180) : 0;
  const flat = from && flatFrom(from, squash, 'latitude', 'longitude');
  const skipped = postgres
    ? sql`and t.id <> all(${[...exclude]}::integer[])`
    : exclude.length > 0
      ? sql`and t.id not in (${sql.join([...exclude])})`
      : sql``;
  // On SQLite, a square's read first drops the sites its circle cannot hold by the R*Tree's own
  // coordinates, before the exact ones are looked up (a lookup per site, the most of a read's cost).
  const withinReach = (reach: number | undefined) =>
    reach === undefined || postgres || !from
      ? sql``
      : sql`and ${flatFrom(from, squash, 'min_lat', 'min_lng')} <= ${(reach + FLOAT_SLACK_DEG) ** 2}`;
  const read = async (square: Square, reach?: number) => {
    const { rows } = await sql<OpenSite & { flat?: number }>`${postgres ? prepared : sql``}
      select t.id as id, t.latitude as latitude, t.longitude as longitude ${flat ? sql`, ${flat} as flat` : sql``}
        ${sitesInSquare(postgres, square, priorityOnly, withWords)}
        ${withinReach(reach)}
        and t.latitude >= ${box.minLat} and t.latitude <= ${box.maxLat}
        and t.longitude >= ${minLng} and t.longitude <= ${maxLng}
        ${skipped}
      ${flat ? sql`order by flat, t.id` : sql``}
      ${limit === undefined ? sql`` : postgres ? sql`limit ${limit}` : sqliteLimit(limit)}`.execute(db);
    return rows;
  };
  const bare = (rows: (OpenSite & { flat?: number })[]) => rows.map(({ flat: _, ...site }) => site);
  const whole = { minLat: box.minLat, maxLat: box.maxLat, minLng, maxLng };
  if (!from || limit === undefined) return bare(await read(whole));
  const squareAt = (reach: number) => {
    const halfLat = reach * REACH_MARGIN;
    const halfLng = Math.min(360, halfLat / squash);
    const square = {
      minLat: Math.max(box.minLat, from.latitude - halfLat),
      maxLat: Math.min(box.maxLat, from.latitude + halfLat),
      minLng: Math.max(minLng, from.longitude - halfLng),
      maxLng: Math.min(maxLng, from.longitude + halfLng),
    };
    const covers =
      square.minLat === box.minLat &&
      square.maxLat === box.maxLat &&
      square.minLng === minLng &&
      square.maxLng === maxLng;
    return { square, covers };
  };
  let reach = FIRST_REACH_DEG * (priorityOnly ? PRIORITY_REACH_FACTOR : 1);
  if (postgres) {
    // The GiST index walked nearest first, index-only, for a few times `limit` sites: it vouches for
    // the box's first `limit` most often (see `rankExactly`). When it cannot, the squares below start
    // where the walk ended, since every site nearer than that was walked.
    const fetch = Math.min(limit * KNN_FETCH, KNN_FETCH_MOST);
    const { rows } =
      await sql<OpenSite>`${prepared} ${walkNearestFirst(from, exclude, fetch, priorityOnly, withWords)}`.execute(db);
    const exact = rankExactly(rows, box, from, limit, fetch);
    if (exact) return exact;
    for (const site of rows) {
      const dLat = site.latitude! - from.latitude;
      const dLng = (site.longitude! - from.longitude) * squash;
      reach = Math.max(reach, Math.sqrt(dLat * dLat + dLng * dLng));
    }
  }
  for (let first = true; ; first = false) {
    const { square, covers } = squareAt(reach);
    const sites = covers ? await read(whole) : await read(square, reach);
    if (covers) return bare(sites);
    if (sites.length < limit) {
      // Too few within reach: on SQLite the R*Tree's own nodes tell, cheaply, how far to reach.
      reach =
        first && !postgres
          ? await reachFromTree(db, squareAt, reach, { priorityOnly, skipped, from, squash, limit })
          : reach * 2;
      continue;
    }
    // The square's first `limit`, if all within its reach, are the box's. If not, the box's `limit`
    // nearest are no farther than the last of them, so the next square reaches just that far.
    const last = sites[limit - 1]!.flat!;
    if (last <= reach * reach) return bare(sites);
    reach = Math.sqrt(last) * REACH_MARGIN;
  }
}

/** How many halvings narrow the reach once a square holds enough sites. */
const NARROWING_STEPS = 2;
/** More than the error of the R*Tree's 32-bit coordinates (a few metres at most), in degrees. */
const FLOAT_SLACK_DEG = 3e-5;

/**
 * SQLite: a reach (in degrees) whose square holds the box's first `limit` sites as far as the R*Tree's
 * own 32-bit boxes tell, found reading only the tree's nodes: reading each site's exact coordinates
 * costs several times more, so a square far too big (a volunteer just outside the reported streets)
 * is never read exactly. From `tooNear` (a reach whose circle held too few), the reaches double until
 * one's circle holds `limit` sites (each count stops at `limit`), narrow by halving the step, and the
 * nearest `limit` of the last one by their rounded coordinates give the reach, widened by the rounding. The exact search that follows checks it.
 */
async function reachFromTree(
  db: Db,
  squareAt: (reach: number) => { square: Square; covers: boolean },
  tooNear: number,
  {
    priorityOnly,
    skipped,
    from,
    squash,
    limit,
  }: { priorityOnly: boolean; skipped: ReturnType<typeof sql>; from: Point; squash: number; limit: number },
): Promise<number> {
  const tree = sql.table(priorityOnly ? 'open_priority_sites' : 'open_sites');
  const flat = flatFrom(from, squash, 'min_lat', 'min_lng');
  const inSquare = (square: Square) => sql`from ${tree} t
    where t.max_lat >= ${square.minLat} and t.min_lat <= ${square.maxLat}
      and t.max_lng >= ${square.minLng} and t.min_lng <= ${square.maxLng} ${skipped}`;
  // Counted within the reach's circle, not its square: a square reaching the corner of a cluster of
  // sites holds enough long before its circle does, and its nearest `limit` would then lie farther
  // than its reach, up to the corner.
  const holdsEnough = async (reach: number) => {
    const { square, covers } = squareAt(reach);
    if (covers) return true;
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from (select 1 ${inSquare(square)} and ${flat} <= ${reach * reach} ${sqliteLimit(limit)})`.execute(
      db,
    );
    return Number(rows[0]!.n) >= limit;
  };
  let low = tooNear;
  let high = tooNear * 2;
  while (!(await holdsEnough(high))) {
    low = high;
    high *= 2;
  }
  for (let i = 0; i < NARROWING_STEPS; i++) {
    const middle = (low + high) / 2;
    if (await holdsEnough(middle)) high = middle;
    else low = middle;
  }
  const { square, covers } = squareAt(high);
  if (covers) return high;
  const { rows } = await sql<{ flat: number }>`select ${flat} as flat
    ${inSquare(square)} order by flat ${sqliteLimit(limit)}`.execute(db);
  if (rows.length < limit) return high;
  return Math.sqrt(rows[limit - 1]!.flat) + FLOAT_SLACK_DEG;
}

/**
 * A site's flat-map distance from `from` (squared), from the columns of `t` given: its exact
 * coordinates, or on SQLite the R*Tree's own 32-bit ones (`min_lat`, `min_lng`).
 */
function flatFrom(from: Point, squash: number, latitude: string, longitude: string) {
  const dLat = sql`(${sql.ref(`t.${latitude}`)} - ${from.latitude})`;
  const dLng = sql`((${sql.ref(`t.${longitude}`)} - ${from.longitude}) * ${squash})`;
  return sql`${dLat} * ${dLat} + ${dLng} * ${dLng}`;
}

/**
 * Open sites with coordinates (marked ones only with `priority`), nearest the point first by the GiST
 * index; their words only when asked for (to pass over places already seen).
 */
function walkNearestFirst(
  from: Point,
  exclude: readonly number[],
  fetch: number,
  priority: boolean,
  withWords: boolean,
) {
  const squashed = sql`point(longitude * ${sql.lit(KNN_LONGITUDE_SQUASH)}, latitude)`;
  const target = sql`point(${from.longitude * KNN_LONGITUDE_SQUASH}::float8, ${from.latitude}::float8)`;
  return sql`select id, latitude, longitude ${withWords ? sql`, what3words` : sql``} from reports
    where status = 'reported' ${priority ? sql`and priority = 1` : sql``}
      and latitude is not null and longitude is not null and id <> all(${[...exclude]}::integer[])
    order by ${squashed} <-> ${target} limit ${sql.lit(fetch)}`;
}

/** The walk's sites numbered in the walk's order (`rank` 1 is the nearest). */
function rankedWalk(from: Point, exclude: readonly number[], fetch: number, priority: boolean, withWords: boolean) {
  return sql`(select w.*, row_number() over () as rank
    from (${walkNearestFirst(from, exclude, fetch, priority, withWords)}) w)`;
}

/**
 * A walk's sites as one JSON array, in the walk's order: parsed in one go rather than row by row, which
 * for a few dozen sites made most of a find-nearby call's garbage (and so its slowest runs' pauses).
 */
function sitesAsJson(walk: ReturnType<typeof sql>, withWords: boolean) {
  const words = withWords ? sql`, 'what3words', what3words` : sql``;
  return sql`(select coalesce(json_agg(json_build_object('id', id, 'latitude', latitude, 'longitude', longitude ${words})
    order by rank), '[]') from ${walk})`;
}

export function openSitesRepository(db: Db) {
  return {
    /**
     * On PostgreSQL, the first `fetch` open sites nearest the point by the index walk (with their words
     * when asked for); null elsewhere.
     */
    async nearestFirst(
      from: Point,
      exclude: readonly number[],
      fetch: number,
      { priority = false, withWords = false }: { priority?: boolean; withWords?: boolean } = {},
    ): Promise<NearestFirst | null> {
      if (!isPostgres(db)) return null;
      const walk = sql`${rankedWalk(from, exclude, fetch, priority, withWords)} w`;
      const { rows } = await sql<{
        sites: OpenSite[];
      }>`${prepared} select ${sitesAsJson(walk, withWords)} as sites`.execute(db);
      return { sites: rows[0]!.sites, fetched: fetch };
    },

    /**
     * The counts and the places of the passed-over reports, and on PostgreSQL both index walks too, in
     * one statement: one round trip, and one snapshot, so the counts and the sites agree. The walks
     * carry the sites' words only when there are places to pass over.
     */
    async surroundings(
      from: Point,
      exclude: readonly number[],
      fetch: { open: number; priority: number },
    ): Promise<Surroundings> {
      if (!isPostgres(db)) {
        const [counts, seenPlaces] = await Promise.all([this.countOpenSites(), this.placesOf(exclude)]);
        return { counts, seenPlaces };
      }
      // Words, and the passed-over places, only when there are some: without them the statement's
      // generic plan costs no more than a fresh one, so PostgreSQL stops planning it on every call.
      const withWords = exclude.length > 0;
      const walk = (fetched: number, priority: boolean) => rankedWalk(from, exclude, fetched, priority, withWords);
      // One row of JSON: each walk's first site is most often the one offered, so its whole report comes along.
      const { rows } = await sql<{
        placed: string;
        unplaced: string;
        open: OpenSite[];
        priority: OpenSite[];
        seen?: Surroundings['seenPlaces'] | null;
        reports: ReportRow[];
      }>`${prepared} with open as ${walk(fetch.open, false)}, priority as ${walk(fetch.priority, true)}
        select s.placed, s.unplaced,
          ${sitesAsJson(sql`open`, withWords)} as open,
          ${sitesAsJson(sql`priority`, withWords)} as priority,
          ${
            withWords
              ? sql`(select json_agg(json_build_object('what3words', what3words, 'latitude', latitude, 'longitude', longitude))
            from reports where id = any(${[...exclude]}::integer[])) as seen,`
              : sql``
          }
          (select coalesce(json_agg(r), '[]') from reports r
            where r.id in (select id from open where rank = 1 union all select id from priority where rank = 1)) as reports
        from open_site_counts s where s.id = 1`.execute(db);
      const row = rows[0]!;
      return {
        counts: { withCoordinates: Number(row.placed), withoutCoordinates: Number(row.unplaced) },
        seenPlaces: row.seen ?? [],
        nearest: {
          open: { sites: row.open, fetched: fetch.open },
          priority: { sites: row.priority, fetched: fetch.priority },
          reports: row.reports,
        },
      };
    },

    /**
     * Open sites with coordinates inside the box, except the skipped ones, nearest to `from` first:
     * only what the search weighs, read from a spatial index of open sites (an R*Tree on SQLite, a
     * covering GiST index on PostgreSQL) in squares widening around `from` (see `openSitesNear`), so
     * a wide box of thousands of sites reads only those near `from` and no whole rows. Words are read only
     * when asked for (to pass over places already seen). The order is by flat-map distance (exact
     * enough to rank sites within a city; the caller measures the few it is given on the globe), and
     * `limit` keeps the answer small. With `priorityOnly`, marked sites alone.
     */
    openSitesIn: (box: Box, exclude: readonly number[], query: OpenSitesQuery = {}): Promise<OpenSite[]> =>
      openSitesNear(db, box, exclude, query),

    /** Where the given reports are: their words and coordinates. */
    placesOf(ids: readonly number[]): Promise<Pick<ReportRow, 'what3words' | 'latitude' | 'longitude'>[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('reports')
        .select(['what3words', 'latitude', 'longitude'])
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Open sites with and without coordinates, read from the counts the reports table's triggers keep. */
    async countOpenSites(): Promise<OpenSiteCounts> {
      const row = await db
        .selectFrom('open_site_counts')
        .select(['placed', 'unplaced'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return { withCoordinates: Number(row.placed), withoutCoordinates: Number(row.unplaced) };
    },

    // Not prepared: a prepared `select *` fails once a migration adds a column under a running server.
    findReport: (id: number) => findReportById(db, id),

    /** The whole reports of these open sites (those still waiting to be cleaned). */
    openReports(ids: readonly number[]): Promise<ReportRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('reports')
        .selectAll()
        .where('id', 'in', [...ids])
        .where('status', '=', 'reported')
        .execute();
    },
  };
}

export type OpenSitesRepository = ReturnType<typeof openSitesRepository>;
