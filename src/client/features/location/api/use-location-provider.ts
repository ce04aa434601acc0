import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';

/** Which code three-word locations belong to here: the offline grid, or what3words addresses. */
export function useLocationProvider() {
  return useQuery({ queryKey: [api.location.provider.url()], queryFn: () => api.location.provider() });
}
