// MUCU events: one hook per call. Every change refreshes the events list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attendance, MucuEvent } from '#shared/contracts/events.ts';
import { analyticsPaths, eventPaths } from '#shared/contracts/paths.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const eventsKey = [eventPaths.list] as const;

export interface EventDraft {
  location: string;
  /** ISO datetime. */
  date: string;
  description: string;
  /** Null when empty. */
  mapsLink: string | null;
}

export function useEvents(enabled = true) {
  return useQuery({ queryKey: eventsKey, queryFn: () => apiRequest<MucuEvent[]>(eventPaths.list), enabled });
}

function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventsKey });
}

export function useCreateEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (draft: EventDraft) =>
      apiRequest<MucuEvent>(eventPaths.create, 'POST', { name: `${draft.location.trim()} MUCU`, ...draft }),
    onSuccess: refresh,
  });
}

export function useUpdateEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: ({ id, ...draft }: EventDraft & { id: number }) =>
      apiRequest<MucuEvent>(eventPaths.event(id), 'PUT', { id, ...draft }),
    onSuccess: refresh,
  });
}

export function useDeleteEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(eventPaths.event(id), 'DELETE'),
    onSuccess: refresh,
  });
}

export function useAddAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { mucuId: number; volunteerEmail: string; notes: string }) =>
      apiRequest<Attendance>(eventPaths.attendance, 'POST', input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsKey }),
        // The attendee may be a newly registered volunteer.
        queryClient.invalidateQueries({ queryKey: [analyticsPaths.volunteers] }),
      ]),
  });
}
