// A report's status in the site's words: 'Awaiting cleanup', 'Currently being cleaned', or
// 'Completed on 23/11/2026'.
import { CheckCircle2, Clock, Sparkles } from 'lucide-react';
import { REPORT_STATUS_LABELS, type ReportStatus } from '#shared/domain/report-status.ts';
import { followUpMessages } from '#shared/domain/follow-up-messages.ts';
import { formatUkDate } from '#shared/domain/format.ts';

const styles: Record<ReportStatus, string> = {
  reported: 'border-amber-700 bg-amber-50 text-amber-950',
  cleaning: 'border-civic-800 bg-civic-50 text-civic-900',
  completed: 'border-green-800 bg-green-50 text-green-900',
};

export function StatusLabel({ status, completedAt }: { status: ReportStatus; completedAt: string | null }) {
  const Icon = status === 'completed' ? CheckCircle2 : status === 'cleaning' ? Sparkles : Clock;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border-2 px-3 py-1 text-sm font-semibold ${styles[status]}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {status === 'completed' && completedAt
        ? followUpMessages.completedOn(formatUkDate(completedAt))
        : REPORT_STATUS_LABELS[status]}
    </span>
  );
}
