// The map's data: the sites and clusters of one view (the list and the map share one answer), and
// where the basemap comes from.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MapShow } from '#shared/contracts/report-map.ts';
import { reportMapApi } from '#client/lib/calls/report-map.ts';

export function useMapView(bbox: [number, number, number, number] | null, zoom: number, show: MapShow) {
  const query = bbox ? { bbox: bbox.join(','), zoom, show } : undefined;
  return useQuery({
    queryKey: [reportMapApi.view.url({ query })],
    queryFn: () => reportMapApi.view({ query: query! }),
    enabled: query !== undefined,
    // While a new view loads, the last one stays on the list and the map.
    placeholderData: keepPreviousData,
  });
}

export function useBasemap(enabled: boolean) {
  return useQuery({
    queryKey: [reportMapApi.basemap.url()],
    queryFn: () => reportMapApi.basemap(),
    enabled,
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
