// Public MUCU events: one hook per call. An answer ('I'll be there' or taking it back) refreshes the
// list, the event's page and the volunteer's own upcoming events; the administrators' changes refresh
// the who-is-coming list and the events list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventEmailSettings, EventPage } from '#shared/contracts/events.ts';
import { eventsKey } from './use-events.ts';
import { publicEventsApi } from '#client/lib/calls/public-events.ts';
import { useRefreshingMutation, useStoringMutation } from '#client/lib/query-client.ts';

const events = publicEventsApi;
const byId = (id: number) => ({ params: { id } });

const eventsOverviewKey = [events.list.url()] as const;
const eventPageKey = (id: number) => [events.page.url(byId(id))] as const;
const myEventsKey = [events.mine.url()] as const;
const emailSettingsKey = [events.emailSettings.url()] as const;
const whoIsComingKey = (id: number) => [events.whoIsComing.url(byId(id))] as const;

/** Where an event's iCalendar file is, and the feed of every upcoming event. */
export const calendarUrl = (id: number) => events.calendar.url(byId(id));
export const feedUrl = () => events.feed.url();

export function useEventsOverview() {
  return useQuery({ queryKey: eventsOverviewKey, queryFn: () => events.list() });
}

export function useEventPage(id: number) {
  return useQuery({ queryKey: eventPageKey(id), queryFn: () => events.page(byId(id)) });
}

export function useMyEvents() {
  return useQuery({ queryKey: myEventsKey, queryFn: () => events.mine() });
}

/** 'I'll be there' (going: true) or taking it back (going: false). */
export function useRsvp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (going: boolean) => (going ? events.rsvp(byId(id)) : events.withdraw(byId(id))),
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
  return useQuery({ queryKey: emailSettingsKey, queryFn: () => events.emailSettings() });
}

export const useSaveEventEmailSettings = () =>
  useStoringMutation((settings: EventEmailSettings) => events.saveEmailSettings({ body: settings }), emailSettingsKey);

export function useWhoIsComing(id: number, enabled: boolean) {
  return useQuery({ queryKey: whoIsComingKey(id), queryFn: () => events.whoIsComing(byId(id)), enabled });
}

export function useSetCapacity(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (capacity: number | null) => events.setCapacity({ ...byId(id), body: { capacity } }),
    onSuccess: (list) => {
      queryClient.setQueryData(whoIsComingKey(id), list);
      return queryClient.invalidateQueries({ queryKey: eventsOverviewKey });
    },
  });
}

/** Records the chosen people from the list as attending; the events list shows them as attendees. */
export const useRecordAttendance = (id: number) =>
  useRefreshingMutation(
    (volunteerIds: number[]) => events.recordAttendance({ ...byId(id), body: { volunteerIds } }),
    [whoIsComingKey(id), eventsKey],
  );
