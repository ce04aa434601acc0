// The safety briefing's calls: whether the volunteer has accepted it this year, and accepting it.
import { useQuery } from '@tanstack/react-query';
import type { AgeBand } from '#shared/contracts/safety.ts';
import { safetyApi } from '#client/lib/calls/safety.ts';
import { useStoringMutation } from '#client/lib/query-client.ts';

export function useSafetyBriefing() {
  return useQuery({ queryKey: [safetyApi.briefing.url()], queryFn: () => safetyApi.briefing(), gcTime: 0 });
}

export const useAcceptBriefing = () =>
  useStoringMutation(
    (ageBand: AgeBand | undefined) => safetyApi.accept({ body: ageBand ? { ageBand } : {} }),
    [safetyApi.briefing.url()],
  );
