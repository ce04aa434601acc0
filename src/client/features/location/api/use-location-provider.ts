import { useQuery } from '@tanstack/react-query';
import { locationApi } from '#client/lib/calls/location.ts';

/** Which code three-word locations belong to here: the offline grid, or what3words addresses. */
export function useLocationProvider() {
  return useQuery({ queryKey: [locationApi.provider.url()], queryFn: () => locationApi.provider() });
}
