// The find-and-clean workflow's calls: one hook per call, all through apiRequest.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompleteCleanupResponse,
  CurrentCleanupResponse,
  FindNearbyResponse,
} from '#shared/contracts/cleanups.ts';
import { cleanupPaths, reportPaths } from '#shared/contracts/paths.ts';
import { api } from '#client/lib/api.ts';
import type { Report } from '#shared/contracts/reports.ts';
import { STATUS_REFETCH_DELAY_MS } from '#shared/domain/limits.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export function useFindNearby() {
  return useMutation({
    mutationFn: (request: { userLatitude: number; userLongitude: number; excludeReportIds?: number[] }) =>
      apiRequest<FindNearbyResponse>(cleanupPaths.findNearby, 'POST', request),
  });
}

/** The volunteer's own site in cleaning, to restore the workflow after a reload. */
export function useCurrentCleanup() {
  // Not kept once the page is left, so each visit asks again before the workflow starts: a claim made
  // or released meanwhile (here, on another device, by the 8-hour release) must not be hidden by the
  // always-fresh cache.
  return useQuery({
    queryKey: [cleanupPaths.current],
    queryFn: () => apiRequest<CurrentCleanupResponse>(cleanupPaths.current),
    gcTime: 0,
  });
}

/** PATCH /api/reports/:id/status; the report list is refreshed 200 ms later. */
export function useSetReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: Report['status'] }) =>
      apiRequest<Report>(cleanupPaths.reportStatus(id), 'PATCH', { status }),
    onSuccess: () => {
      window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: [reportPaths.list] }),
        STATUS_REFETCH_DELAY_MS,
      );
    },
  });
}

export interface CompleteCleanupInput {
  reportId: number;
  beforePhoto: { blob: Blob; name: string };
  afterPhoto: { blob: Blob; name: string };
  /** Empty for 'Skip'. */
  volunteerEmail: string;
}

export function useCompleteCleanup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompleteCleanupInput) => {
      const form = new FormData();
      form.append('reportId', String(input.reportId));
      form.append('volunteerEmail', input.volunteerEmail);
      form.append('beforePhoto', input.beforePhoto.blob, input.beforePhoto.name);
      form.append('afterPhoto', input.afterPhoto.blob, input.afterPhoto.name);
      return apiRequest<CompleteCleanupResponse>(cleanupPaths.complete, 'POST', form);
    },
    onSuccess: () => {
      queryClient.setQueryData<CurrentCleanupResponse>([cleanupPaths.current], { report: null, locationLink: null });
      void queryClient.invalidateQueries({ queryKey: [api.volunteerDashboard.dashboard.url()] });
      void queryClient.invalidateQueries({ queryKey: [reportPaths.list] });
    },
  });
}
