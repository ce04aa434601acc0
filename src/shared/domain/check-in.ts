// Checking in at a MUCU event: the organiser's phone shows a code (and a QR code of its link) that
// changes every minute; a signed-in volunteer who opens the link or types the code while the event's
// check-in is open is recorded as attending, once.
import { EVENT_LENGTH_MS } from './events.ts';

/** Check-in opens this long before an event starts... */
export const CHECK_IN_OPENS_BEFORE_MS = 30 * 60_000;
/** ...and closes when the event ends (it lasts EVENT_LENGTH_MS). */
export const CHECK_IN_CLOSES_AFTER_START_MS = EVENT_LENGTH_MS;

/** A code lasts one minute; the one before is still taken, so a code read at 10:00:59 works at 10:01:30. */
export const CHECK_IN_CODE_MINUTE_MS = 60_000;

/** The letters a code is made of: no 0/O, 1/I/L, which are misread on a screen across a car park. */
export const CHECK_IN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CHECK_IN_CODE_LENGTH = 6;

/** A typed code as the server compares it: upper case, without spaces or dashes. */
export function normaliseCheckInCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

/** When an event's check-in opens and closes (epoch milliseconds). */
export function checkInWindow(startIso: string): { opensAt: number; closesAt: number } {
  const start = new Date(startIso).getTime();
  return { opensAt: start - CHECK_IN_OPENS_BEFORE_MS, closesAt: start + CHECK_IN_CLOSES_AFTER_START_MS };
}

export const checkInMessages = {
  title: 'Check in',
  checkedIn: (eventName: string) => `You are checked in at ${eventName}. Thank you for coming!`,
  alreadyCheckedIn: (eventName: string) => `You are already checked in at ${eventName}.`,
  wrongCode:
    'That code is not right or has expired. Codes change every minute: scan the QR code again, or type the code the organiser shows now.',
  notOpen: (eventName: string) =>
    `Check-in for ${eventName} is not open. It opens 30 minutes before the event starts and closes when it ends.`,
  closedForAdmin: 'Check-in opens 30 minutes before the event starts and closes when it ends.',
  codeRequired: 'Type the code the organiser shows.',
  codeLabel: 'Check-in code',
  submit: 'Check in',
  adminTitle: (eventName: string) => `Check-in: ${eventName}`,
  adminHint: 'Volunteers scan the QR code with their phone camera, or type the code at',
} as const;
