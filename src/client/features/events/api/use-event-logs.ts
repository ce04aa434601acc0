// Time and bags at MUCU events: the volunteer's entries, and the organiser's list and approval. A
// saved or approved entry refreshes the dashboard, whose totals count approved entries only.
import { useQuery } from '@tanstack/react-query';
import type { EventLogInput } from '#shared/contracts/event-logs.ts';
import { eventLogsApi } from '#client/lib/calls/event-logs.ts';
import { useRefreshingMutation } from '#client/lib/query-client.ts';

const mineKey = [eventLogsApi.mine.url()] as const;
const listKey = (id: number) => [eventLogsApi.list.url({ params: { id } })] as const;

export function useMyEventLogs() {
  return useQuery({ queryKey: mineKey, queryFn: () => eventLogsApi.mine() });
}

export const useSaveEventLog = (id: number) =>
  useRefreshingMutation((input: EventLogInput) => eventLogsApi.save({ params: { id }, body: input }), [mineKey]);

export function useEventLogs(id: number | null) {
  return useQuery({
    queryKey: listKey(id ?? 0),
    queryFn: () => eventLogsApi.list({ params: { id: id! } }),
    enabled: id !== null,
  });
}

export const useApproveEventLog = (id: number) =>
  useRefreshingMutation(
    ({ logId, input }: { logId: number; input: EventLogInput }) =>
      eventLogsApi.approve({ params: { id, logId }, body: input }),
    [listKey(id)],
  );
