// Submitting a report from the form: the photo as prepared on the phone, the words, and the
// coordinates, through the offline queue (kept on the device when it cannot go yet). On success the
// reports and stats caches are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportsApi } from '#client/lib/calls/reports.ts';
import type { PreparedPhoto } from '../photo/load-prepare-photo.ts';
import { useReportQueue, type LaterEvents } from '../offline/use-report-queue.ts';
import { MY_REPORTS_KEY } from '#client/features/reports/follow-up/components/my-reports.tsx';
import { coordinatesFor, newIdempotencyKey, type ReportSubmission } from './send-report.ts';

interface ReportDraft extends Pick<ReportSubmission, 'what3words' | 'notifyEmail' | 'offensive'> {
  /** Being prepared since the photo was chosen (see photo/load-prepare-photo.ts). */
  photo: Promise<PreparedPhoto>;
  /** Its reference on the server once sent ahead (null when it could not be); see stage-photo.ts. */
  stagedPhoto?: Promise<string | null>;
  /** The location button's reading, when it gave these words. */
  device: { latitude: number; longitude: number; accuracy: number } | null;
  /** The location button's reading whatever words it gave: where the person is, to rank suggestions. */
  near?: { latitude: number; longitude: number } | null;
}

export function useSubmitReport(later: LaterEvents) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [reportsApi.list.url()] }),
      queryClient.invalidateQueries({ queryKey: [reportsApi.stats.url()] }),
      queryClient.invalidateQueries({ queryKey: MY_REPORTS_KEY }),
    ]);
  const queue = useReportQueue({
    onSent(reports) {
      later.onSent(reports);
      void refresh();
    },
    onRefused: (error) => later.onRefused(error),
  });
  const mutation = useMutation({
    // TanStack Query would hold a mutation while the browser says it is offline; this one must run
    // then, because it is what keeps the report on the phone.
    networkMode: 'always',
    mutationFn: async (draft: ReportDraft) => {
      const photo = await draft.photo;
      // A photo still going up is waited for (it is most of the report); with no signal the report is
      // kept on the phone with its photo at once.
      const stagedPhoto = navigator.onLine ? await draft.stagedPhoto : null;
      return queue.submit({
        stagedPhoto: stagedPhoto ?? undefined,
        photo: photo.blob,
        photoName: photo.name,
        what3words: draft.what3words,
        ...coordinatesFor(draft.device, photo.gps, draft.near),
        notifyEmail: draft.notifyEmail,
        offensive: draft.offensive,
        idempotencyKey: newIdempotencyKey(),
      });
    },
    onSuccess: async (outcome) => {
      if (outcome.kind === 'sent') await refresh();
    },
  });
  return { ...mutation, waiting: queue.waiting };
}
