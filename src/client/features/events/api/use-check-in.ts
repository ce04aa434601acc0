// Checking in at a MUCU event with the organiser's code.
import { useMutation } from '@tanstack/react-query';
import type { CheckInInput } from '#shared/contracts/check-in.ts';
import { checkInApi } from '#client/lib/calls/check-in.ts';

export function useCheckIn() {
  return useMutation({ mutationFn: (input: CheckInInput) => checkInApi.checkIn({ body: input }) });
}
