// The line a report card shows once its site history is opened, loaded with the call that asks for it.
import { useQuery } from '@tanstack/react-query';
import { siteHistoryWords } from '#shared/domain/site-history.ts';
import { siteMessages as m } from '#shared/domain/site-messages.ts';
import { reportSitesApi } from '#client/lib/calls/report-sites.ts';

export function HistoryLine({ id, reportId }: { id: string; reportId: number }) {
  const history = useQuery({
    queryKey: [reportSitesApi.history.url({ params: { id: reportId } })],
    queryFn: () => reportSitesApi.history({ params: { id: reportId } }),
    staleTime: 60_000,
  });
  return (
    <p id={id} role="status" className="basis-full text-sm text-slate-800">
      {history.data
        ? siteHistoryWords(history.data, new Date()).replace(/^r/, 'R')
        : history.isError
          ? m.historyFailed
          : m.historyLoading}
    </p>
  );
}
