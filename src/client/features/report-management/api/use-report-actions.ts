// The management dashboard's changes to reports, one hook per call. After each the list is fetched
// again (a status change 200 ms later), and the stats with it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { locationPaths, reportManagementPaths, reportPaths } from '#shared/contracts/paths.ts';
import type { Report, ReportPhoto } from '#shared/contracts/reports.ts';
import type { LocationProviderResponse } from '#shared/contracts/location.ts';
import type { ReportStatus } from '#shared/domain/report-status.ts';
import { STATUS_REFETCH_DELAY_MS } from '#shared/domain/limits.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { api } from '#client/lib/api.ts';
import { reportsListKey } from './use-reports-list.ts';

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reportsListKey }),
      queryClient.invalidateQueries({ queryKey: [reportPaths.stats] }),
    ]);
}

export function useUpdateReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, what3words, description }: { id: number; what3words: string; description: string }) =>
      apiRequest<Report>(reportManagementPaths.report(id), 'PATCH', { what3words, description }),
    onSuccess: refresh,
  });
}

export function useDeleteReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(reportManagementPaths.report(id), 'DELETE'),
    onSuccess: refresh,
  });
}

export function useUpdateStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ReportStatus }) =>
      apiRequest<Report>(reportManagementPaths.status(id), 'PATCH', { status }),
    onSuccess: () => {
      window.setTimeout(() => void refresh(), STATUS_REFETCH_DELAY_MS);
    },
  });
}

/** Several reports to one status at once (administrators). */
export function useSetStatusMany() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { ids: number[]; status: ReportStatus }) => api.reports.setStatusMany({ body: input }),
    onSuccess: () => {
      window.setTimeout(() => void refresh(), STATUS_REFETCH_DELAY_MS);
    },
  });
}

export const reportPhotosKey = (id: number) => [reportManagementPaths.photos(id)] as const;

export function useReportPhotos(id: number, enabled: boolean) {
  return useQuery({
    queryKey: reportPhotosKey(id),
    queryFn: () => apiRequest<ReportPhoto[]>(reportManagementPaths.photos(id)),
    enabled,
  });
}

export function useAddReportPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, photo, description }: { id: number; photo: File; description: string }) => {
      const form = new FormData();
      form.append('photo', photo);
      form.append('photoType', 'progress');
      form.append('description', description);
      form.append('uploadedBy', 'Volunteer');
      return apiRequest<unknown>(reportManagementPaths.photos(id), 'POST', form);
    },
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: reportPhotosKey(id) }),
  });
}

export function useDeleteReportPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, photoId }: { id: number; photoId: number }) =>
      apiRequest<void>(reportManagementPaths.photo(id, photoId), 'DELETE'),
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: reportPhotosKey(id) }),
  });
}

export function useCreateManualReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { photo: File; what3words: string; description: string }) => {
      const form = new FormData();
      form.append('photo', input.photo);
      form.append('what3words', input.what3words.trim());
      form.append('description', input.description.trim());
      return apiRequest<Report>(reportManagementPaths.manual, 'POST', form);
    },
    onSuccess: refresh,
  });
}

/** Which code the three words belong to, for the map link of a report without coordinates. */
export function useLocationProvider() {
  return useQuery({
    queryKey: [locationPaths.provider],
    queryFn: () => apiRequest<LocationProviderResponse>(locationPaths.provider),
  });
}
