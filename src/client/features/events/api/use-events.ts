// MUCU events: one hook per call. Every change refreshes the events list.
import { useQuery } from '@tanstack/react-query';
import type { MucuEvent } from '#shared/contracts/events.ts';
import { analyticsApi } from '#client/lib/calls/analytics.ts';
import { eventsApi } from '#client/lib/calls/events.ts';
import { useRefreshingMutation } from '#client/lib/query-client.ts';

export const eventsKey = [eventsApi.list.url()] as const;

/** An event as the forms send it: its description empty rather than null. */
export type EventDraft = Pick<MucuEvent, 'location' | 'date' | 'mapsLink'> & { description: string };

export function useEvents(enabled = true) {
  return useQuery({ queryKey: eventsKey, queryFn: () => eventsApi.list(), enabled });
}

export const useCreateEvent = () =>
  useRefreshingMutation(
    (draft: EventDraft) => eventsApi.create({ body: { name: `${draft.location.trim()} MUCU`, ...draft } }),
    [eventsKey],
  );

export const useUpdateEvent = () =>
  useRefreshingMutation(
    ({ id, ...draft }: EventDraft & { id: number }) => eventsApi.update({ params: { id }, body: { id, ...draft } }),
    [eventsKey],
  );

export const useDeleteEvent = () =>
  useRefreshingMutation((id: number) => eventsApi.delete({ params: { id } }), [eventsKey]);

export const useAddAttendance = () =>
  useRefreshingMutation(
    (input: { mucuId: number; volunteerEmail: string; notes: string; registerNewVolunteer?: boolean }) =>
      eventsApi.addAttendance({ body: input }),
    // The attendee may be a newly registered volunteer.
    [eventsKey, [analyticsApi.volunteers.url()]],
  );
