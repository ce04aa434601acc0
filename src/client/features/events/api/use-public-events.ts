// Public MUCU events: one hook per call. An answer ('I'll be there' or taking it back) refreshes the
// list, the event's page and the volunteer's own upcoming events; the administrators' changes refresh
// the who-is-coming list and the events list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EventEmailSettings,
  EventPage,
  EventsOverview,
  RecordAttendanceResult,
  UpcomingEvent,
  WhoIsComing,
} from '#shared/contracts/event-rsvps.ts';
import { eventPaths, publicEventPaths } from '#shared/contracts/paths.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const eventsOverviewKey = [publicEventPaths.list] as const;
const eventPageKey = (id: number) => [publicEventPaths.event(id)] as const;
export const myEventsKey = [publicEventPaths.mine] as const;
const emailSettingsKey = [publicEventPaths.emailSettings] as const;
const whoIsComingKey = (id: number) => [publicEventPaths.whoIsComing(id)] as const;

export function useEventsOverview() {
  return useQuery({ queryKey: eventsOverviewKey, queryFn: () => apiRequest<EventsOverview>(publicEventPaths.list) });
}

export function useEventPage(id: number) {
  return useQuery({ queryKey: eventPageKey(id), queryFn: () => apiRequest<EventPage>(publicEventPaths.event(id)) });
}

export function useMyEvents() {
  return useQuery({ queryKey: myEventsKey, queryFn: () => apiRequest<UpcomingEvent[]>(publicEventPaths.mine) });
}

/** 'I'll be there' (going: true) or taking it back (going: false). */
export function useRsvp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (going: boolean) => apiRequest<UpcomingEvent>(publicEventPaths.rsvp(id), going ? 'PUT' : 'DELETE'),
    onSuccess: (event) => {
      queryClient.setQueryData<EventPage>(eventPageKey(id), { when: 'upcoming', ...event });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsOverviewKey }),
        queryClient.invalidateQueries({ queryKey: myEventsKey }),
      ]);
    },
  });
}

export function useEventEmailSettings() {
  return useQuery({
    queryKey: emailSettingsKey,
    queryFn: () => apiRequest<EventEmailSettings>(publicEventPaths.emailSettings),
  });
}

export function useSaveEventEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: EventEmailSettings) =>
      apiRequest<EventEmailSettings>(publicEventPaths.emailSettings, 'PUT', settings),
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsKey, settings),
  });
}

export function useWhoIsComing(id: number, enabled: boolean) {
  return useQuery({
    queryKey: whoIsComingKey(id),
    queryFn: () => apiRequest<WhoIsComing>(publicEventPaths.whoIsComing(id)),
    enabled,
  });
}

export function useSetCapacity(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (capacity: number | null) =>
      apiRequest<WhoIsComing>(publicEventPaths.capacity(id), 'PUT', { capacity }),
    onSuccess: (list) => {
      queryClient.setQueryData(whoIsComingKey(id), list);
      return queryClient.invalidateQueries({ queryKey: eventsOverviewKey });
    },
  });
}

/** Records the chosen people from the list as attending; the events list shows them as attendees. */
export function useRecordAttendance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (volunteerIds: number[]) =>
      apiRequest<RecordAttendanceResult>(publicEventPaths.recordAttendance(id), 'POST', { volunteerIds }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: whoIsComingKey(id) }),
        queryClient.invalidateQueries({ queryKey: [eventPaths.list] }),
      ]),
  });
}
