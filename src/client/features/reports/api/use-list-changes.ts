// The report list's change stream (Server-Sent Events), for any screen that shows reports: it names the
// list's version on connecting and on each change, whichever server process the change went through,
// and each new version asks the screen's own queries again at once (a 304 where its part did not move).
// The browser reconnects by itself; where the stream cannot get through, the screen's own refresh
// still applies.
import { useEffect, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReportListChange } from '#shared/contracts/reports.ts';
import { reportsApi } from '#client/lib/calls/reports.ts';

/**
 * Refreshes the queries under `queryKey` (a module's constant, so the stream is opened once) on each
 * change while `enabled`; the answer is the last version heard.
 */
export function useListChanges(queryKey: QueryKey, enabled = true): string | undefined {
  const queryClient = useQueryClient();
  const [heard, setHeard] = useState<string>();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(reportsApi.changes.url());
    let seen: string | undefined;
    source.onmessage = (event: MessageEvent<string>) => {
      const { version } = JSON.parse(event.data) as ReportListChange;
      if (version === seen) return;
      // The first version heard counts too: the list may have moved while the stream connected.
      seen = version;
      setHeard(version);
      void queryClient.invalidateQueries({ queryKey });
    };
    return () => source.close();
  }, [enabled, queryKey, queryClient]);
  return heard;
}
