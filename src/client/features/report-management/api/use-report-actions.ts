// The management dashboard's changes to reports, one hook per call. After each the list is fetched
// again (a status change of several reports 200 ms later), and the stats with it. A single report's
// status is set with useSetReportStatus of the reports feature, shared with the find page.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportStatus } from '#shared/domain/report-status.ts';
import { STATUS_REFETCH_DELAY_MS } from '#shared/domain/limits.ts';
import { api } from '#client/lib/api.ts';
import { reportsListKey } from './use-reports-list.ts';

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reportsListKey }),
      queryClient.invalidateQueries({ queryKey: [api.reports.stats.url()] }),
    ]);
}

export function useUpdateReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, what3words, description }: { id: number; what3words: string; description: string }) =>
      api.reports.edit({ params: { id }, body: { what3words, description } }),
    onSuccess: refresh,
  });
}

export function useDeleteReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.reports.delete({ params: { id } }),
    onSuccess: refresh,
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

export const reportPhotosKey = (id: number) => [api.reports.photos.url({ params: { id } })] as const;

export function useReportPhotos(id: number, enabled: boolean) {
  return useQuery({
    queryKey: reportPhotosKey(id),
    queryFn: () => api.reports.photos({ params: { id } }),
    enabled,
  });
}

export function useAddReportPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, photo, description }: { id: number; photo: File; description: string }) =>
      api.reports.addPhotos({
        params: { id },
        form: {
          fields: { photoType: 'progress', description, uploadedBy: 'Volunteer' },
          files: { photo: { blob: photo, name: photo.name } },
        },
      }),
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: reportPhotosKey(id) }),
  });
}

export function useDeleteReportPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, photoId }: { id: number; photoId: number }) =>
      api.reports.deletePhoto({ params: { id, photoId } }),
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: reportPhotosKey(id) }),
  });
}

export function useCreateManualReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { photo: File; what3words: string; description: string }) =>
      api.reports.createManual({
        form: {
          fields: { what3words: input.what3words.trim(), description: input.description.trim() },
          files: { photo: { blob: input.photo, name: input.photo.name } },
        },
      }),
    onSuccess: refresh,
  });
}
