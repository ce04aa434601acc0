// MUCU events: one hook per call. Every change refreshes the events list.
import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { useRefreshingMutation } from '#client/lib/query-client.ts';

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

export const useCreateEvent = () =>
  useRefreshingMutation(
    (draft: EventDraft) => api.events.create({ body: { name: `${draft.location.trim()} MUCU`, ...draft } }),
    [eventsKey],
  );

export const useUpdateEvent = () =>
  useRefreshingMutation(
    ({ id, ...draft }: EventDraft & { id: number }) => api.events.update({ params: { id }, body: { id, ...draft } }),
    [eventsKey],
  );

export const useDeleteEvent = () =>
  useRefreshingMutation((id: number) => api.events.delete({ params: { id } }), [eventsKey]);

export const useAddAttendance = () =>
  useRefreshingMutation(
    (input: { mucuId: number; volunteerEmail: string; notes: string; registerNewVolunteer?: boolean }) =>
      api.events.addAttendance({ body: input }),
    // The attendee may be a newly registered volunteer.
    [eventsKey, [api.analytics.volunteers.url()]],
  );
