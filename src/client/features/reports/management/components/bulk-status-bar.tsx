// The picked cards' count and the three statuses to give them all at once. Its code loads when the
// first card is picked.
import { REPORT_STATUSES, REPORT_STATUS_LABELS, type ReportStatus } from '#shared/domain/report-status.ts';
import { managementMessages } from '#shared/domain/admin-messages.ts';
import { formatCount } from '#shared/domain/format.ts';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useSetStatusMany } from '../api/use-report-actions.ts';
import { statusButtonLabel } from '../report-list.ts';

const buttonClass =
  'min-h-11 rounded-xl border-2 border-civic-800 bg-white px-3 text-sm font-semibold text-civic-800 hover:bg-civic-50 aria-disabled:opacity-60';

export function BulkStatusBar({ ids, onDone }: { ids: number[]; onDone(): void }) {
  const setMany = useSetStatusMany();
  if (ids.length === 0) return null;
  async function apply(status: ReportStatus) {
    if (setMany.isPending) return;
    try {
      const { updated } = await setMany.mutateAsync({ ids, status });
      toastSuccess(
        'Status updated',
        `${formatCount(updated)} ${updated === 1 ? 'report' : 'reports'}: ${REPORT_STATUS_LABELS[status]}`,
      );
      onDone();
    } catch (error) {
      errorToast(managementMessages.errors.updateStatus, error);
    }
  }
  return (
    <div
      role="group"
      aria-label="Set the status of the selected reports"
      className="flex flex-wrap items-center gap-2 rounded-2xl border-2 border-civic-800 bg-civic-50 p-3"
    >
      <span className="font-semibold text-civic-900">{formatCount(ids.length)} selected</span>
      {REPORT_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          aria-disabled={setMany.isPending || undefined}
          onClick={() => void apply(status)}
          className={buttonClass}
        >
          Set all to {statusButtonLabel(status)}
        </button>
      ))}
      <button type="button" onClick={onDone} className={buttonClass}>
        Clear selection
      </button>
    </div>
  );
}
