// The map's data: the sites and clusters of one view (the list and the map share one answer), and
// where the basemap comes from.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MapShow } from '#shared/contracts/report-map.ts';
import { reportMapApi } from '#client/lib/calls/report-map.ts';
import { useListChanges } from '../../api/use-list-changes.ts';

/** Every view of the public map: a change to the reports asks the view shown again at once. */
const mapViewsKey = ['map-view'] as const;
/** How soon a view answered from the list before a change is asked again (its new answer is being made). */
const BEHIND_RETRY_MS = 1_000;

export function useMapView(bbox: [number, number, number, number] | null, zoom: number, show: MapShow) {
  const query = bbox ? { bbox: bbox.join(','), zoom, show } : undefined;
  const heard = useListChanges(mapViewsKey, query !== undefined);
  return useQuery({
    queryKey: [...mapViewsKey, reportMapApi.view.url({ query })],
    queryFn: () => reportMapApi.view({ query: query! }),
    enabled: query !== undefined,
    // While a new view loads, the last one stays on the list and the map.
    placeholderData: keepPreviousData,
    refetchInterval: (shown) => {
      const version = shown.state.data?.version;
      return heard !== undefined && version !== undefined && version !== heard ? BEHIND_RETRY_MS : false;
    },
  });
}

export function useBasemap() {
  return useQuery({
    queryKey: [reportMapApi.basemap.url()],
    queryFn: () => reportMapApi.basemap(),
    staleTime: Infinity,
  });
}

/** The before and after photos of a site cleaned lately; none (404) for others. */
export function useSiteCleanup(id: number, enabled: boolean) {
  const input = { params: { id } };
  return useQuery({
    queryKey: [reportMapApi.siteCleanup.url(input)],
    queryFn: () => reportMapApi.siteCleanup(input),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
