// On an administrator's report card: the priority mark (offensive graffiti, offered to volunteers
// first) with the button that sets or clears it ('Mark as priority', 'Clear priority'), and how many
// people reported the graffiti.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, Users } from 'lucide-react';
import { managementMessages as m } from '#shared/domain/admin-messages.ts';
import { messages } from '#shared/domain/messages.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { reportFollowUpApi } from '#client/lib/calls/report-follow-up.ts';
import { reportsListKey } from '#client/features/reports/management/api/use-reports-list.ts';

export function ReportMarks({
  report,
}: {
  report: { id: number; priority: boolean; reporterCount: number; what3words: string };
}) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (priority: boolean) => reportFollowUpApi.setPriority({ params: { id: report.id }, body: { priority } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsListKey }),
    onError: (error) => errorToast('Priority not changed', error),
  });
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {report.priority && (
        <span className="inline-flex items-center gap-1 rounded-full border border-red-800 bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-900">
          <ShieldAlert aria-hidden="true" className="h-3.5 w-3.5" />
          {m.priorityBadge}
        </span>
      )}
      {report.reporterCount > 1 && (
        <span className="inline-flex items-center gap-1 rounded-full border border-slate-500 bg-white px-2.5 py-0.5 text-sm font-semibold text-slate-800">
          <Users aria-hidden="true" className="h-3.5 w-3.5" />
          {messages.report.peopleReported(report.reporterCount)}
        </span>
      )}
      {/*
        An action that says what it will do, the mark beside it saying what is: 'Priority' alone read
        as a label. Not disabled while it runs, so the keyboard focus stays on it.
      */}
      <button
        type="button"
        className="inline-flex min-h-11 items-center rounded-xl border-2 border-civic-800 bg-white px-2.5 text-sm font-semibold text-civic-800 hover:bg-civic-50 aria-disabled:opacity-60"
        aria-disabled={toggle.isPending || undefined}
        onClick={() => {
          if (!toggle.isPending) toggle.mutate(!report.priority);
        }}
      >
        {report.priority ? m.clearPriority : m.markPriority}
        <span className="sr-only"> for the report at {report.what3words}</span>
      </button>
    </div>
  );
}
