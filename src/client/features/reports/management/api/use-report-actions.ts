// The management dashboard's changes to reports, one hook per call. After each the list is fetched
// again (a status change of several reports a moment later), and the stats with it. A single report's
// status is set with useSetReportStatus of the reports feature, shared with the find page; a
// report's added photos are in use-report-photos.ts, loaded with the screens that show them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
