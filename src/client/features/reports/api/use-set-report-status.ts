// A report's status set by a volunteer (starting or releasing a clean-up) or an administrator (the
// status buttons of one card or of several): the reports list and its stats are asked again a moment
// later, wherever they are shown; a page that shows neither loses nothing by it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportStatus } from '#shared/domain/report-status.ts';
import { STATUS_REFETCH_DELAY_MS } from '#shared/domain/limits.ts';
import { reportsApi } from '#client/lib/calls/reports.ts';

/** A call that changes reports' status, followed a moment later by the list and the stats asked again. */
export function useStatusChange<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: [reportsApi.list.url()] });
        void queryClient.invalidateQueries({ queryKey: [reportsApi.stats.url()] });
      }, STATUS_REFETCH_DELAY_MS);
    },
  });
}

export const useSetReportStatus = () =>
  useStatusChange(({ id, status }: { id: number; status: ReportStatus }) =>
    reportsApi.setStatus({ params: { id }, body: { status } }),
  );
