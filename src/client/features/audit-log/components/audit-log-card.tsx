// The administrators' audit log on the analytics tab: who did what and when, newest first, a page at
// a time in a dialog. Entries are kept for a year.
import { useState } from 'react';
import { History } from 'lucide-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '#shared/contracts/audit-log.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { auditLogApi } from '#client/lib/calls/audit-log.ts';
import { CallError } from '#client/components/ui/load-failed.tsx';
import { Loading } from '#client/components/ui/loading.tsx';

const PAGE = 50;

function useAuditLog(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [auditLogApi.list.url()],
    queryFn: ({ pageParam }) => auditLogApi.list({ query: { limit: PAGE, before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    enabled,
  });
}

/** The thing acted on, in words: 'Report 12', 'MUCU event 3', with what changed. */
function describeTarget(entry: AuditEntry): string {
  const { type, id } = entry.target;
  const names: Record<string, string> = {
    report: 'Report',
    event: 'MUCU event',
    photo: 'Photo',
    volunteer: 'Volunteer',
  };
  const what = type && id ? `${names[type] ?? type} ${id}` : '';
  const details = Object.entries(entry.detail)
    .filter(([, value]) => value !== null && value !== '' && value !== undefined)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join(', ');
  const about = entry.subjectEmail ? `for ${entry.subjectEmail}` : '';
  return [what, about, details].filter(Boolean).join(' · ');
}

function describeActor(entry: AuditEntry): string {
  if (!entry.actor.session && !entry.actor.email) return 'The service (automatic)';
  const session = entry.actor.session ? `Administrator session ${entry.actor.session}` : 'Administrator';
  return entry.actor.email ? `${session} (${entry.actor.email})` : session;
}

export function AuditLogCard() {
  const [open, setOpen] = useState(false);
  const log = useAuditLog(open);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Card
      id="audit-log"
      title="Audit log"
      icon={<History aria-hidden="true" className="h-5 w-5 text-civic-700" />}
      className="gap-3 border-stone-200"
    >
      <p className="text-sm text-slate-700">
        Every change made by an administrator: status changes, edits, deletions, blurred photos, attendance, renumbering
        and events. Kept for a year.
      </p>
      <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        View audit log
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Audit log" description="Newest first." size="lg">
        {log.isPending ? (
          <Loading busy>Loading the audit log...</Loading>
        ) : log.isError ? (
          <CallError error={log.error} />
        ) : entries.length === 0 ? (
          <p className="rounded-xl bg-stone-100 px-4 py-6 text-center text-slate-700">No administrator actions yet.</p>
        ) : (
          <div className="grid gap-4">
            <ol className="grid gap-2" aria-label="Administrator actions">
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  className="grid gap-0.5 rounded-xl border border-stone-200 p-3 sm:grid-cols-[11rem_1fr] sm:gap-3"
                >
                  <span className="text-sm tabular-nums text-slate-700">{formatDateTime(new Date(entry.at))}</span>
                  <span className="grid gap-0.5">
                    <span className="font-semibold text-slate-900">{entry.summary}</span>
                    {describeTarget(entry) && (
                      <span className="break-words text-sm text-slate-800">{describeTarget(entry)}</span>
                    )}
                    <span className="text-sm text-slate-700">{describeActor(entry)}</span>
                  </span>
                </li>
              ))}
            </ol>
            {log.hasNextPage && (
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={() => void log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
              >
                {log.isFetchingNextPage ? 'Loading...' : 'Load older entries'}
              </Button>
            )}
          </div>
        )}
      </Dialog>
    </Card>
  );
}
