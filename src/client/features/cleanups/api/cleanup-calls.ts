// The find-and-clean workflow's calls: one hook per call, all through the typed api.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentCleanupResponse } from '#shared/contracts/cleanups.ts';
import { type CallInput } from '#client/lib/api.ts';
import { cleanupsApi } from '#client/lib/calls/cleanups.ts';
import { reportsApi } from '#client/lib/calls/reports.ts';
import { volunteerDashboardApi } from '#client/lib/calls/volunteer-dashboard.ts';
import type { ApiEndpoints } from '#shared/contracts/api.ts';

type FindNearbyBody = CallInput<ApiEndpoints['cleanups']['findNearby']>['body'];

export function useFindNearby() {
  return useMutation({
    mutationFn: (body: FindNearbyBody) => cleanupsApi.findNearby({ body }),
  });
}

/** The volunteer's own site in cleaning, to restore the workflow after a reload. */
export function useCurrentCleanup() {
  // Not kept once the page is left, so each visit asks again before the workflow starts: a claim made
  // or released meanwhile (here, on another device, by the 8-hour release) must not be hidden by the
  // always-fresh cache.
  return useQuery({
    queryKey: [cleanupsApi.current.url()],
    queryFn: () => cleanupsApi.current(),
    gcTime: 0,
  });
}

interface CompleteCleanupInput {
  reportId: number;
  beforePhoto: { blob: Blob; name: string };
  afterPhoto: { blob: Blob; name: string };
  /** Empty for 'Skip'. */
  volunteerEmail: string;
}

export function useCompleteCleanup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompleteCleanupInput) =>
      cleanupsApi.complete({
        form: {
          fields: { reportId: input.reportId, volunteerEmail: input.volunteerEmail },
          files: { beforePhoto: input.beforePhoto, afterPhoto: input.afterPhoto },
        },
      }),
    onSuccess: () => {
      queryClient.setQueryData<CurrentCleanupResponse>([cleanupsApi.current.url()], {
        report: null,
        locationLink: null,
      });
      void queryClient.invalidateQueries({ queryKey: [volunteerDashboardApi.dashboard.url()] });
      void queryClient.invalidateQueries({ queryKey: [reportsApi.list.url()] });
    },
  });
}
