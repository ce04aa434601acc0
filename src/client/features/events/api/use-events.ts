// MUCU events: one hook per call. Every change refreshes the events list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';

export const eventsKey = [api.events.list.url()] as const;

export interface EventDraft {
  location: string;
  /** ISO datetime. */
  date: string;
  description: string;
  /** Null when empty. */
  mapsLink: string | null;
}

export function useEvents(enabled = true) {
  return useQuery({ queryKey: eventsKey, queryFn: () => api.events.list(), enabled });
}

function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventsKey });
}

export function useCreateEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (draft: EventDraft) => api.events.create({ body: { name: `${draft.location.trim()} MUCU`, ...draft } }),
    onSuccess: refresh,
  });
}

export function useUpdateEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: ({ id, ...draft }: EventDraft & { id: number }) =>
      api.events.update({ params: { id }, body: { id, ...draft } }),
    onSuccess: refresh,
  });
}

export function useDeleteEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (id: number) => api.events.delete({ params: { id } }),
    onSuccess: refresh,
  });
}

export function useAddAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { mucuId: number; volunteerEmail: string; notes: string; registerNewVolunteer?: boolean }) =>
      api.events.addAttendance({ body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsKey }),
        // The attendee may be a newly registered volunteer.
        queryClient.invalidateQueries({ queryKey: [api.analytics.volunteers.url()] }),
      ]),
  });
}
