// The administrators' map: every placed report the filters select (status, priority, a range of the
// days they were reported), clustered as the public map is, each cluster weighted by its count for
// the heat layer. The indexes are made per version of the list and filter, the last few kept, so
// moving the map reads nothing; an answer carries at most a bounded number of features.
import type { AdminMapFilters, AdminMapView } from '#shared/contracts/report-map.ts';
import { cityDayStart } from '#shared/domain/city-clock.ts';
import type { AdminMapRepository, AdminMapFilter } from './admin-map.repository.ts';
import { featuresOf, indexOf, pointOf, type Index } from './report-map.service.ts';

/** The most features one answer carries: past it the view is too wide for its zoom. */
export const ADMIN_MAP_MAX_FEATURES = 1000;
/** How many filters' indexes are kept at once. */
const KEPT_INDEXES = 6;

function filterOf(query: AdminMapFilters): AdminMapFilter {
  return {
    ...(query.status !== 'all' ? { status: query.status } : {}),
    ...(query.priority !== 'all' ? { priority: query.priority === 'priority' } : {}),
    // A day's midnight GMT falls on that same day in the city, whose clock is never behind GMT.
    ...(query.from ? { from: cityDayStart(new Date(query.from)).toISOString() } : {}),
    ...(query.to ? { before: cityDayStart(new Date(query.to), 1).toISOString() } : {}),
  };
}

export function adminMapService({ repository }: { repository: AdminMapRepository }) {
  /** Indexes by version and filter, the most recently used last. */
  const kept = new Map<string, Promise<Index>>();

  function indexFor(version: string, filter: AdminMapFilter): Promise<Index> {
    const key = `${version}|${JSON.stringify(filter)}`;
    const known = kept.get(key);
    if (known) {
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    const made = repository.placed(filter).then((rows) => indexOf(rows.map(pointOf)));
    kept.set(key, made);
    // A failed read is not kept: the next view reads again.
    made.catch(() => kept.delete(key));
    while (kept.size > KEPT_INDEXES) kept.delete(kept.keys().next().value!);
    return made;
  }

  return {
    async view(query: AdminMapFilters, version: string): Promise<AdminMapView> {
      const index = await indexFor(version, filterOf(query));
      const features = featuresOf(index, query.bbox, query.zoom);
      const truncated = features.length > ADMIN_MAP_MAX_FEATURES;
      if (truncated) {
        // The biggest clusters first, so what is shown still says where the most reports are.
        features.sort((a, b) => (b.kind === 'cluster' ? b.count : 1) - (a.kind === 'cluster' ? a.count : 1));
      }
      return { features: truncated ? features.slice(0, ADMIN_MAP_MAX_FEATURES) : features, truncated, version };
    },
  };
}

export type AdminMapService = ReturnType<typeof adminMapService>;
