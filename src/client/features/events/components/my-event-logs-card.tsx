// The volunteer dashboard's "Time and bags at MUCU events" card: each event they attended, with the
// minutes and bags (or area) they logged, whether the organiser has approved them, and a form to log
// or change them until then. Only approved entries count in the dashboard's totals.
import { useState, type FormEvent } from 'react';
import { Clock3 } from 'lucide-react';
import type { MyEventLog } from '#shared/contracts/event-logs.ts';
import type { VolunteerDashboard } from '#shared/contracts/volunteer-dashboard.ts';
import { describeFigures as describe, eventLogMessages as m } from '#shared/domain/event-logs.ts';
import { formatDateTime, formatMinutes } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { LabelledInput } from '#client/components/ui/labelled-input.tsx';
import { CallError, LoadFailed } from '#client/components/ui/load-failed.tsx';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { useMyEventLogs, useSaveEventLog } from '../api/use-event-logs.ts';
import { Loading } from '#client/components/ui/loading.tsx';

type Approved = Pick<VolunteerDashboard['volunteer'], 'approvedEventMinutes' | 'approvedBags' | 'approvedAreaM2'>;

export function MyEventLogsCard({ volunteer }: { volunteer: Approved }) {
  const logs = useMyEventLogs();
  return (
    <Card
      id="event-time-title"
      title="Time and bags at MUCU events"
      icon={<Clock3 aria-hidden="true" className="h-5 w-5 text-accent-700" />}
    >
      <p className="text-slate-800">
        Approved: <strong>{formatMinutes(volunteer.approvedEventMinutes)}</strong>,{' '}
        <strong>{volunteer.approvedBags}</strong> {volunteer.approvedBags === 1 ? 'bag' : 'bags'}
        {volunteer.approvedAreaM2 > 0 && (
          <>
            , <strong>{volunteer.approvedAreaM2} m²</strong>
          </>
        )}
        .
      </p>
      {logs.isPending ? (
        <Loading>Loading your events...</Loading>
      ) : logs.isError ? (
        <LoadFailed inCard message="Your events could not be loaded." onRetry={() => void logs.refetch()} />
      ) : logs.data.length === 0 ? (
        <p className="rounded-xl bg-stone-light p-4 text-slate-700">
          Once you are recorded at a MUCU event, log your time and bags here.
        </p>
      ) : (
        <ul aria-label="MUCU events you attended" className="grid gap-3">
          {logs.data.map((log) => (
            <li key={log.event.id} className="grid gap-2 rounded-xl border border-stone-300 p-4">
              <EventLogItem log={log} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function EventLogItem({ log }: { log: MyEventLog }) {
  const { entry } = log;
  return (
    <>
      <h3 className="font-bold text-civic-900 [overflow-wrap:anywhere]">{log.event.name}</h3>
      <p className="text-sm text-slate-700">{formatDateTime(log.event.date)}</p>
      {entry?.status === 'approved' ? (
        <p className="text-slate-900">
          <span className="font-semibold text-emerald-800">Approved:</span> {describe(entry)}
        </p>
      ) : (
        <>
          {entry && (
            <p className="text-slate-900">
              <span className="font-semibold text-amber-900">Waiting for approval:</span> {describe(entry)}
            </p>
          )}
          {log.canLog ? <EventLogForm log={log} /> : <p className="text-slate-700">{m.notStarted}</p>}
        </>
      )}
    </>
  );
}

function EventLogForm({ log }: { log: MyEventLog }) {
  const save = useSaveEventLog(log.event.id);
  const [minutes, setMinutes] = useState(log.entry ? String(log.entry.logged.minutes) : '');
  const [bags, setBags] = useState(log.entry?.logged.bags != null ? String(log.entry.logged.bags) : '');
  const [area, setArea] = useState(log.entry?.logged.areaM2 != null ? String(log.entry.logged.areaM2) : '');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ minutes, bags, areaM2: area }, { onSuccess: () => toastSuccess('Saved', m.logged) });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Time and bags at ${log.event.name}`} className="grid gap-3">
      <div className="grid grid-cols-3 gap-2">
        <LabelledInput
          label="Minutes"
          inputMode="numeric"
          required
          aria-required="true"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
        <LabelledInput label="Bags" inputMode="numeric" value={bags} onChange={(e) => setBags(e.target.value)} />
        <LabelledInput label="Area (m²)" inputMode="numeric" value={area} onChange={(e) => setArea(e.target.value)} />
      </div>
      {save.isError && <CallError error={save.error} />}
      <Button type="submit" variant="outline" className="justify-self-start" disabled={save.isPending}>
        {log.entry ? 'Update time and bags' : 'Save time and bags'}
      </Button>
    </form>
  );
}
