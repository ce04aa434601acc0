// The SQL of the find-and-clean workflow: the open-site search box, the volunteer's current claim,
// progress photos and clean-up rows (claims and completions are the reports repository's writes).
// Every function reads through the Kysely handle it is given, so a service can run several of them
// inside one transaction.
import { PostgresAdapter, sql, type Insertable, type Selectable } from 'kysely';
import { PREPARED_STATEMENT, type Db } from '#server/db/client.ts';
import { KNN_LONGITUDE_SQUASH } from '#server/db/migrations/030-nearest-site-knn.ts';
import { METRES_PER_DEGREE, type Point } from '#shared/domain/geo.ts';
import type { CleanupsTable, ReportPhotosTable } from '#server/db/tables.ts';
import { findReportById, type ReportRow } from '#server/features/reports/index.ts';

export type CleanupRow = Selectable<CleanupsTable>;
export type ReportPhotoRow = Selectable<ReportPhotosTable>;

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

/** How many candidates the index walk fetches for each site asked for. */
const KNN_OVERFETCH = 2;

/**
 * The first `limit` of the candidates inside the box, by flat-map distance from `from` and then id, as
 * the box search orders them; null when sites not fetched could belong among them. The index walks by
 * a distance squashed with Edinburgh's cosine rather than the volunteer's, which differs from the exact
 * one by at most the ratio of the two cosines: a site not fetched is at least the last fetched one's
 * index distance, shrunk by that ratio, away.
 */
export function rankExactly<T extends OpenSite>(
  candidates: readonly T[],
  box: Box,
  from: Point,
  limit: number,
  fetched: number,
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
  if (ranked.length === limit) return ranked[limit - 1]!.distance < beyond ? answer : null;
  // Fewer than asked in the box: exact only if no site not fetched can be in it.
  if (wholeWidth) return null;
  const farthestInBox = flat(
    Math.abs(box.minLat - from.latitude) > Math.abs(box.maxLat - from.latitude) ? box.minLat : box.maxLat,
    Math.abs(box.minLng! - from.longitude) > Math.abs(box.maxLng! - from.longitude) ? box.minLng! : box.maxLng!,
  );
  return farthestInBox < beyond ? answer : null;
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Where the SQLite search reaches first around the point (in degrees of latitude), doubled each step. */
const FIRST_REACH_DEG = 125 / METRES_PER_DEGREE;
/** The reach's square is widened by this much, so rounding never leaves out a site on its edge. */
const REACH_MARGIN = 1 + 1e-9;

/**
 * SQLite: open sites in the box from the R*Tree of open sites (036), nearest `from` first by flat-map
 * distance, then id. With a limit, the tree is read in squares around `from` that double until the
 * sites within the square's reach (flat distance at most half its side) number `limit`: every site in
 * the box that near is inside the square, and every other is farther, so those are the box's first
 * `limit`; a square past the box's edges is the box. Exact coordinates come from the tree's auxiliary
 * columns, so the answer is the one sorting the whole box gives.
 */
async function openSitesInTree(
  db: Db,
  box: Box,
  exclude: readonly number[],
  { from, limit, priorityOnly = false, withWords = false }: OpenSitesQuery,
): Promise<OpenSite[]> {
  const tree = sql.table(priorityOnly ? 'open_priority_sites' : 'open_sites');
  const minLng = box.minLng ?? -180;
  const maxLng = box.maxLng ?? 180;
  const read = (square: { minLat: number; maxLat: number; minLng: number; maxLng: number }, within?: number) => {
    const squash = from ? Math.cos((from.latitude * Math.PI) / 180) : 0;
    const dLat = from && sql`(t.latitude - ${from.latitude})`;
    const dLng = from && sql`((t.longitude - ${from.longitude}) * ${squash})`;
    const flat = from && sql`${dLat} * ${dLat} + ${dLng} * ${dLng}`;
    return sql<OpenSite>`select t.id as id, t.latitude as latitude, t.longitude as longitude
        ${withWords ? sql`, (select r.what3words from reports r where r.id = t.id) as what3words` : sql``}
      from ${tree} t
      where t.max_lat >= ${square.minLat} and t.min_lat <= ${square.maxLat}
        and t.max_lng >= ${square.minLng} and t.min_lng <= ${square.maxLng}
        and t.latitude >= ${box.minLat} and t.latitude <= ${box.maxLat}
        and t.longitude >= ${minLng} and t.longitude <= ${maxLng}
        ${within !== undefined && flat ? sql`and ${flat} <= ${within}` : sql``}
        ${exclude.length > 0 ? sql`and t.id not in (${sql.join([...exclude])})` : sql``}
      ${flat ? sql`order by ${flat}, t.id` : sql``}
      ${limit !== undefined ? sql`limit ${limit}` : sql``}`
      .execute(db)
      .then((result) => result.rows);
  };
  const whole = { minLat: box.minLat, maxLat: box.maxLat, minLng, maxLng };
  if (!from || limit === undefined) return read(whole);
  const squash = Math.cos((from.latitude * Math.PI) / 180);
  for (let reach = FIRST_REACH_DEG; ; reach *= 2) {
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
    if (covers) return read(whole);
    const sites = await read(square, reach * reach);
    if (sites.length === limit) return sites;
  }
}
/** The find-nearby statements are prepared once per connection: planning them costs more than running them. */
const prepared = sql.raw(PREPARED_STATEMENT);

/** Open sites with coordinates (marked ones only with `priority`), nearest the point first by the GiST index. */
function walkNearestFirst(from: Point, exclude: readonly number[], fetch: number, priority: boolean) {
  const squashed = sql`point(longitude * ${sql.lit(KNN_LONGITUDE_SQUASH)}, latitude)`;
  const target = sql`point(${from.longitude * KNN_LONGITUDE_SQUASH}::float8, ${from.latitude}::float8)`;
  return sql`select id, latitude, longitude, what3words from reports
    where status = 'reported' ${priority ? sql`and priority = 1` : sql``}
      and latitude is not null and longitude is not null and id <> all(${[...exclude]}::integer[])
    order by ${squashed} <-> ${target} limit ${sql.lit(fetch)}`;
}

export function cleanupsRepository(db: Db) {
  return {
    /** On PostgreSQL, the first `fetch` open sites nearest the point by the index walk; null elsewhere. */
    async nearestFirst(
      from: Point,
      exclude: readonly number[],
      fetch: number,
      priority = false,
    ): Promise<NearestFirst | null> {
      if (!isPostgres(db)) return null;
      const { rows } = await sql`${prepared} ${walkNearestFirst(from, exclude, fetch, priority)}`.execute(db);
      return { sites: rows as OpenSite[], fetched: fetch };
    },

    /**
     * The counts and the places of the passed-over reports, and on PostgreSQL both index walks too, in
     * one statement: one round trip, and one snapshot, so the counts and the sites agree.
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
      type Row = OpenSite & {
        part: 'open' | 'priority' | 'seen' | 'report' | null;
        report: ReportRow | null;
        placed: string;
        unplaced: string;
      };
      // Each walk's first site is most often the one offered, so its whole report comes along.
      const { rows } = await sql<Row>`${prepared} with
          open as (select w.*, row_number() over () as rank from (${walkNearestFirst(from, exclude, fetch.open, false)}) w),
          priority as (select w.*, row_number() over () as rank
            from (${walkNearestFirst(from, exclude, fetch.priority, true)}) w)
        select c.*, s.placed, s.unplaced from open_site_counts s left join lateral (
          (select 'open' as part, id, latitude, longitude, what3words, null::json as report from open)
          union all
          (select 'priority', id, latitude, longitude, what3words, null from priority)
          union all
          (select 'seen', id, latitude, longitude, what3words, null from reports
            where id = any(${[...exclude]}::integer[]))
          union all
          (select 'report', r.id, r.latitude, r.longitude, r.what3words, to_json(r) from reports r
            where r.id in (select id from open where rank = 1 union all select id from priority where rank = 1))
        ) c on true where s.id = 1`.execute(db);
      const open: OpenSite[] = [];
      const priority: OpenSite[] = [];
      const reports: ReportRow[] = [];
      const seenPlaces: Surroundings['seenPlaces'] = [];
      for (const { part, report, id, latitude, longitude, what3words } of rows) {
        const site = { id, latitude, longitude, what3words };
        if (part === 'open') open.push(site);
        else if (part === 'priority') priority.push(site);
        else if (part === 'seen') seenPlaces.push({ latitude, longitude, what3words: what3words! });
        else if (part === 'report' && report) reports.push(report);
      }
      const first = rows[0]!;
      return {
        counts: { withCoordinates: Number(first.placed), withoutCoordinates: Number(first.unplaced) },
        seenPlaces,
        nearest: {
          open: { sites: open, fetched: fetch.open },
          priority: { sites: priority, fetched: fetch.priority },
          reports,
        },
      };
    },

    // Not prepared: a prepared `select *` fails once a migration adds a column under a running server.
    findReport: (id: number) => findReportById(db, id),

    /**
     * Open sites with coordinates inside the box, except the skipped ones, nearest to `from` first:
     * only what the search weighs. On SQLite they are read from the R*Tree of open sites, in squares
     * widening around `from` (see `openSitesInTree`); on PostgreSQL, from an index that holds their
     * coordinates, so a wide box of thousands of sites reads no whole rows. Their words are read only
     * when asked for (to pass over places already seen). The order is by flat-map distance (exact
     * enough to rank sites within a city; the caller measures the few it is given on the globe), and
     * `limit` keeps the answer small. With `priorityOnly`, marked sites alone.
     */
    async openSitesIn(
      box: Box,
      exclude: readonly number[],
      { from, limit, priorityOnly = false, withWords = false }: OpenSitesQuery = {},
    ): Promise<OpenSite[]> {
      if (!isPostgres(db)) return openSitesInTree(db, box, exclude, { from, limit, priorityOnly, withWords });
      let query = db
        .selectFrom('reports')
        .select(['id', 'latitude', 'longitude'])
        .$if(withWords, (q) => q.select('what3words'))
        .where('status', '=', 'reported')
        .$if(priorityOnly, (q) => q.where('priority', '=', 1))
        .$if(exclude.length > 0, (q) => q.where('id', 'not in', [...exclude]));
      if (from && limit !== undefined && isPostgres(db)) {
        // The GiST index of open sites, walked nearest first for a few more than asked; the box and
        // the exact order are then applied here. When the walk cannot vouch for them (too few of the
        // fetched sites in the box, or far from Edinburgh), the box search below answers.
        const fetch = limit * KNN_OVERFETCH;
        const squashed = sql`point(longitude * ${sql.lit(KNN_LONGITUDE_SQUASH)}, latitude)`;
        const target = sql`point(${from.longitude * KNN_LONGITUDE_SQUASH}::float8, ${from.latitude}::float8)`;
        const candidates = await query
          .where('latitude', 'is not', null)
          .where('longitude', 'is not', null)
          .orderBy(sql`${squashed} <-> ${target}`)
          .limit(fetch)
          .execute();
        const exact = rankExactly(candidates, box, from, limit, fetch);
        if (exact) return exact;
      }
      query = query.where('latitude', '>=', box.minLat).where('latitude', '<=', box.maxLat);
      if (box.minLng !== undefined && box.maxLng !== undefined) {
        query = query.where('longitude', '>=', box.minLng).where('longitude', '<=', box.maxLng);
      } else {
        query = query.where('longitude', 'is not', null);
      }
      if (from) {
        const squash = Math.cos((from.latitude * Math.PI) / 180);
        const dLat = sql<number>`(latitude - ${from.latitude})`;
        const dLng = sql<number>`((longitude - ${from.longitude}) * ${squash})`;
        query = query.orderBy(sql`${dLat} * ${dLat} + ${dLng} * ${dLng}`).orderBy('id');
      }
      if (limit !== undefined) query = query.limit(limit);
      return query.execute();
    },

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

    /** The volunteer's own site in cleaning, the latest claimed if several. */
    currentClaimOf(volunteerId: number): Promise<ReportRow | undefined> {
      return db
        .selectFrom('reports')
        .selectAll()
        .where('status', '=', 'cleaning')
        .where('cleaning_volunteer_id', '=', volunteerId)
        .orderBy('cleaning_started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    insertCleanup(row: Insertable<CleanupsTable>): Promise<CleanupRow> {
      return db.insertInto('cleanups').values(row).returningAll().executeTakeFirstOrThrow();
    },
  };
}

export type CleanupsRepository = ReturnType<typeof cleanupsRepository>;
