// Wording of the public MUCU event pages, 'I'll be there' and the event e-mails, shared by the server's
// refusals and the client's screens.
import { cityTime, ukLongDateText } from './city-clock.ts';
import { MAX_EVENT_CAPACITY } from './events.ts';

export const rsvpMessages = {
  going: "I'll be there",
  goingPending: 'Saving...',
  withdraw: "I can't make it",
  leaveWaitingList: 'Leave the waiting list',
  withdrawPending: 'Updating...',
  youAreGoing: "You're going. See you there!",
  youAreWaiting: "This event is full, so you're on the waiting list. We'll e-mail you if a place comes free.",
  withdrawn: "You're no longer going. Thanks for letting us know.",
  leftWaitingList: "You've left the waiting list.",
  eventFull: 'This event is full: saying you will be there puts you on the waiting list.',
  eventOver: 'This MUCU event has already taken place.',
  rsvpFailed: 'Could not save your answer',
  addToCalendar: 'Add to calendar',
  subscribe: 'Subscribe to all MUCU events',
  share: 'Share this event',
  shareCopiedTitle: 'Link copied',
  shareCopied: 'The event and its link are on your clipboard, ready to paste.',
  noUpcoming: 'No upcoming MUCU events yet. Check back soon, or sign up to our newsletter to hear first.',
  noPast: 'No past MUCU events yet.',
  noneGoing: "You haven't said you're going to any upcoming MUCU events yet.",
  capacityInvalid: `The number of places must be a whole number from 1 to ${MAX_EVENT_CAPACITY}, or empty for no limit.`,
  attendanceNoneChosen: 'Choose at least one volunteer to record as attending.',
  attendanceRecordedTitle: 'Attendance recorded',
} as const;

/** 'Leith Walk MUCU' events show how full they are: '12 going', '12 of 20 places taken'. */
export function goingLabel(going: number, capacity: number | null): string {
  if (capacity === null) return `${going} going`;
  return `${going} of ${capacity} places taken`;
}

/**
 * 'Saturday, 5 December 2026 at 10:00': an event's start in the city's own time. Worked out without
 * Intl (see city-clock.ts): the first Intl formatter a page makes costs tens of milliseconds.
 */
export function formatEventWhen(iso: string | Date): string {
  return ukLongDateText(cityTime(iso));
}
