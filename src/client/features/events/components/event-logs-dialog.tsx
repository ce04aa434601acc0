// Time and bags: the organiser's list of one event's entries. Each pending entry is approved as logged,
// or with the figures corrected first; an approved entry shows what was logged beside what counts.
import { useState } from 'react';
import type { AdminEventLog } from '#shared/contracts/event-logs.ts';
import { describeFigures as describe, eventLogMessages as m } from '#shared/domain/event-logs.ts';
import { attendeeLabel } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { LabelledInput } from '#client/components/ui/labelled-input.tsx';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useApproveEventLog, useEventLogs } from '../api/use-event-logs.ts';
import { CallError } from '#client/components/ui/load-failed.tsx';

export function EventLogsDialog({ eventId, onClose }: { eventId: number | null; onClose(): void }) {
  const logs = useEventLogs(eventId);
  return (
    <Dialog
      open={eventId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={logs.data ? `Time and bags: ${logs.data.eventName}` : 'Time and bags'}
      description="Approve each volunteer's time and bags, as logged or corrected. Only approved entries count."
      size="lg"
    >
      {logs.isPending && eventId !== null && <p className="text-slate-700">Loading entries...</p>}
      {logs.isError && <CallError error={logs.error} />}
      {logs.data?.entries.length === 0 && (
        <p className="rounded-xl bg-stone-light p-4 text-slate-700">No volunteer has logged time yet.</p>
      )}
      {logs.data && logs.data.entries.length > 0 && eventId !== null && (
        <ul className="grid gap-3">
          {logs.data.entries.map((entry) => (
            <li key={entry.id} className="rounded-xl border border-stone-300 p-4">
              <EntryRow eventId={eventId} entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function EntryRow({ eventId, entry }: { eventId: number; entry: AdminEventLog }) {
  const who = entry.volunteer ? (entry.volunteer.name ?? attendeeLabel(entry.volunteer.email)) : 'Erased volunteer';
  const approve = useApproveEventLog(eventId);
  const [minutes, setMinutes] = useState(String(entry.minutes));
  const [bags, setBags] = useState(entry.bags === null ? '' : String(entry.bags));
  const [area, setArea] = useState(entry.areaM2 === null ? '' : String(entry.areaM2));

  if (entry.status === 'approved') {
    const corrected =
      entry.logged.minutes !== entry.minutes ||
      entry.logged.bags !== entry.bags ||
      entry.logged.areaM2 !== entry.areaM2;
    return (
      <div className="grid gap-1">
        <h3 className="font-bold text-civic-900">{who}</h3>
        <p className="text-slate-900">
          <span className="font-semibold text-emerald-800">Approved:</span> {describe(entry)}
        </p>
        {corrected && <p className="text-sm text-slate-700">Logged as {describe(entry.logged)}.</p>}
      </div>
    );
  }

  async function onApprove() {
    try {
      await approve.mutateAsync({ logId: entry.id, input: { minutes, bags, areaM2: area } });
      toastSuccess(m.approved, who);
    } catch (error) {
      errorToast('Error approving the entry', error);
    }
  }

  return (
    <form
      aria-label={`Time and bags of ${who}`}
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void onApprove();
      }}
    >
      <h3 className="font-bold text-civic-900">{who}</h3>
      <p className="text-slate-900">
        <span className="font-semibold text-amber-900">Logged:</span> {describe(entry.logged)}
      </p>
      <div className="grid grid-cols-3 gap-2">
        <LabelledInput
          label="Minutes"
          inputMode="numeric"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
        <LabelledInput label="Bags" inputMode="numeric" value={bags} onChange={(e) => setBags(e.target.value)} />
        <LabelledInput label="Area (m²)" inputMode="numeric" value={area} onChange={(e) => setArea(e.target.value)} />
      </div>
      <Button type="submit" variant="secondary" className="justify-self-start" disabled={approve.isPending}>
        Approve {who}&apos;s entry
      </Button>
    </form>
  );
}
