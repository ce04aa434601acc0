// The safety briefing's calls: whether the volunteer has accepted it this year, and accepting it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgeBand } from '#shared/contracts/safety.ts';
import { safetyApi } from '#client/lib/calls/safety.ts';

export function useSafetyBriefing() {
  return useQuery({ queryKey: [safetyApi.briefing.url()], queryFn: () => safetyApi.briefing(), gcTime: 0 });
}

export function useAcceptBriefing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ageBand: AgeBand | undefined) => safetyApi.accept({ body: ageBand ? { ageBand } : {} }),
    onSuccess: (answer) => queryClient.setQueryData([safetyApi.briefing.url()], answer),
  });
}
