// The open sites near the volunteer, for the find page's list and map: asked for once the volunteer's
// position is known, and again when the search is widened.
import { useQuery } from '@tanstack/react-query';
import { cleanupsApi } from '#client/lib/calls/cleanups.ts';
import type { Point } from '../find-workflow.ts';

export function useNearbySites(origin: Point, radiusMetres: number | undefined) {
  const body = {
    userLatitude: origin.latitude,
    userLongitude: origin.longitude,
    ...(radiusMetres ? { radiusMetres } : {}),
  };
  return useQuery({
    queryKey: [cleanupsApi.nearbySites.url(), body],
    queryFn: () => cleanupsApi.nearbySites({ body }),
    // Each visit to the list asks afresh: sites are claimed and cleaned all the time.
    gcTime: 0,
  });
}
