// POST /api/reports. On success the reports and stats caches are refreshed (SPEC.md section 7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportPaths } from '../../../../shared/contracts/paths.ts';
import type { Report } from '../../../../shared/contracts/reports.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface ReportSubmission {
  photo: Blob;
  photoName: string;
  what3words: string;
  description?: string;
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  idempotencyKey: string;
}

export function toReportFormData(submission: ReportSubmission): FormData {
  const form = new FormData();
  form.append('what3words', submission.what3words);
  if (submission.description) form.append('description', submission.description);
  if (submission.latitude !== undefined && submission.longitude !== undefined) {
    form.append('latitude', String(submission.latitude));
    form.append('longitude', String(submission.longitude));
    if (submission.accuracy !== undefined) form.append('accuracy', String(submission.accuracy));
  }
  form.append('idempotencyKey', submission.idempotencyKey);
  form.append('photo', submission.photo, submission.photoName);
  return form;
}

export function useSubmitReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: ReportSubmission) =>
      apiRequest<Report>(reportPaths.create, 'POST', toReportFormData(submission)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [reportPaths.list] }),
        queryClient.invalidateQueries({ queryKey: [reportPaths.stats] }),
      ]);
    },
  });
}
