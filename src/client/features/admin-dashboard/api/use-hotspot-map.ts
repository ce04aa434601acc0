// The administrators' map: one view's reports (every status, priority), clustered on the server, for
// the hotspot map and its list twin.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMapQuery } from '#shared/contracts/report-map.ts';
import { reportMapApi } from '#client/lib/calls/report-map.ts';
import { useListChanges } from '#client/features/reports/api/use-list-changes.ts';

/** Every view of the hotspot map: a change to the reports asks the view shown again at once. */
const hotspotViewsKey = ['hotspot-map'] as const;

export function useHotspotMap(query: AdminMapQuery | null) {
  useListChanges(hotspotViewsKey, query !== null);
  return useQuery({
    queryKey: [...hotspotViewsKey, reportMapApi.adminView.url(query ? { query } : undefined)],
    queryFn: () => reportMapApi.adminView({ query: query! }),
    enabled: query !== null,
    // While a new view loads, the last one stays on the list and the map.
    placeholderData: keepPreviousData,
  });
}
