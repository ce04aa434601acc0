// On an administrator's report card: the priority mark (offensive graffiti, offered to volunteers
// first) with the button that sets or clears it, and how many people reported the graffiti.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, Users } from 'lucide-react';
import { followUpMessages as m } from '#shared/domain/follow-up-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { errorToast } from '#client/lib/error-toast.ts';
import { api } from '#client/lib/api.ts';
import { reportsListKey } from '#client/features/report-management/api/use-reports-list.ts';

export function ReportMarks({
  report,
}: {
  report: { id: number; priority: boolean; reporterCount: number; what3words: string };
}) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (priority: boolean) =>
      api.reportFollowUp.setPriority({ params: { id: report.id }, body: { priority } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsListKey }),
    onError: (error) => errorToast('Priority not changed', error),
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      {report.priority && (
        <span className="inline-flex items-center gap-1 rounded-full border border-red-800 bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-900">
          <ShieldAlert aria-hidden="true" className="h-3.5 w-3.5" />
          {m.priorityBadge}
        </span>
      )}
      {report.reporterCount > 1 && (
        <span className="inline-flex items-center gap-1 rounded-full border border-slate-500 bg-white px-2.5 py-0.5 text-sm font-semibold text-slate-800">
          <Users aria-hidden="true" className="h-3.5 w-3.5" />
          {m.peopleReported(report.reporterCount)}
        </span>
      )}
      <Button
        variant="ghost"
        className="min-h-11 px-3 text-sm underline underline-offset-4 aria-pressed:bg-red-800 aria-pressed:text-white aria-pressed:no-underline aria-pressed:hover:bg-red-900"
        disabled={toggle.isPending}
        aria-pressed={report.priority}
        onClick={() => toggle.mutate(!report.priority)}
      >
        {m.priorityBadge}
        <span className="sr-only"> for the report at {report.what3words}</span>
      </Button>
    </div>
  );
}
