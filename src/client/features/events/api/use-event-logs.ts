// Time and bags at MUCU events: the volunteer's entries, and the organiser's list and approval. A
// saved or approved entry refreshes the dashboard, whose totals count approved entries only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventLogInput } from '#shared/contracts/event-logs.ts';
import { eventLogsApi } from '#client/lib/calls/event-logs.ts';

const mineKey = [eventLogsApi.mine.url()] as const;
const listKey = (id: number) => [eventLogsApi.list.url({ params: { id } })] as const;

export function useMyEventLogs() {
  return useQuery({ queryKey: mineKey, queryFn: () => eventLogsApi.mine() });
}

export function useSaveEventLog(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventLogInput) => eventLogsApi.save({ params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mineKey }),
  });
}

export function useEventLogs(id: number | null) {
  return useQuery({
    queryKey: listKey(id ?? 0),
    queryFn: () => eventLogsApi.list({ params: { id: id! } }),
    enabled: id !== null,
  });
}

export function useApproveEventLog(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ logId, input }: { logId: number; input: EventLogInput }) =>
      eventLogsApi.approve({ params: { id, logId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey(id) }),
  });
}
