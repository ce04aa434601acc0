// The offline report queue as the report form sees it: how many reports wait on this device, and a
// submit that keeps a report when it cannot be sent yet. The queue's code (IndexedDB, retries) is
// fetched just after the page has loaded, not with it, so the home page's first download stays small.
import { useCallback, useEffect, useRef, useState } from 'react';
import { sendReport, type ReportSubmission } from '../api/send-report.ts';
import type { QueueEvents, SubmitOutcome } from './report-queue.ts';

/** What becomes of the reports kept earlier: sent at last, or refused for good and removed. */
export type LaterEvents = Pick<QueueEvents, 'onSent' | 'onRefused'>;

const loadQueue = () => import('./report-queue.ts');

export function useReportQueue(events: LaterEvents) {
  const [waiting, setWaiting] = useState(0);
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  });

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    loadQueue().then(
      (queue) => {
        if (cancelled) return;
        stop = queue.startQueue({
          onWaiting: setWaiting,
          onSent: (reports) => latest.current.onSent(reports),
          onRefused: (error) => latest.current.onRefused(error),
        });
      },
      () => undefined, // not loaded (offline before it came): submissions go straight to the server
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  const submit = useCallback(async (submission: ReportSubmission): Promise<SubmitOutcome> => {
    const queue = await loadQueue().catch(() => null);
    // Without the queue a report can still be sent; it just cannot be kept if that fails.
    if (!queue) return { kind: 'sent', report: await sendReport(submission) };
    return queue.submitReport(submission);
  }, []);

  return { waiting, submit };
}
