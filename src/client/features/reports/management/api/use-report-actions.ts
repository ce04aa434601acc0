// The management dashboard's changes to reports, one hook per call. After each the list is fetched
// again (a status change of several reports a moment later), and the stats with it. A single report's
// status is set with useSetReportStatus of the reports feature, shared with the find page; a
// report's added photos are in use-report-photos.ts, loaded with the screens that show them.
import type { ReportStatus } from '#shared/domain/report-status.ts';
import { reportsApi } from '#client/lib/calls/reports.ts';
import { useStatusChange } from '../../api/use-set-report-status.ts';
import { reportsListKey } from './use-reports-list.ts';
import { useRefreshingMutation } from '#client/lib/query-client.ts';

/** The list and the stats, asked again after each change. */
const changed = [reportsListKey, [reportsApi.stats.url()]];

export const useUpdateReport = () =>
  useRefreshingMutation(
    ({ id, what3words, description }: { id: number; what3words: string; description: string }) =>
      reportsApi.edit({ params: { id }, body: { what3words, description } }),
    changed,
  );

export const useDeleteReport = () =>
  useRefreshingMutation((id: number) => reportsApi.delete({ params: { id } }), changed);

/** Several reports to one status at once (administrators). */
export const useSetStatusMany = () =>
  useStatusChange((input: { ids: number[]; status: ReportStatus }) => reportsApi.setStatusMany({ body: input }));

export const useCreateManualReport = () =>
  useRefreshingMutation(
    (input: { photo: File; what3words: string; description: string }) =>
      reportsApi.createManual({
        form: {
          fields: { what3words: input.what3words.trim(), description: input.description.trim() },
          files: { photo: { blob: input.photo, name: input.photo.name } },
        },
      }),
    changed,
  );
