// Time and bags at MUCU events: each attendee logs their minutes and the bags filled or the area cleaned;
// the organiser approves each entry, as logged or corrected, and only approved entries count. A
// clean-up's time is measured from claim to completion; the volunteer may correct it down, never up.
import { formatMinutes } from './format.ts';

/** The most minutes one entry may hold: a long day. */
export const MAX_LOGGED_MINUTES = 12 * 60;
export const MAX_LOGGED_BAGS = 500;
export const MAX_LOGGED_AREA_M2 = 100_000;

/** An entry's figures in words, those not given left out: '1h 30m, 2 bags, 40 m²'. */
export const describeFigures = (f: { minutes: number; bags: number | null; areaM2: number | null }) =>
  [
    formatMinutes(f.minutes),
    f.bags !== null ? `${f.bags} ${f.bags === 1 ? 'bag' : 'bags'}` : null,
    f.areaM2 !== null ? `${f.areaM2} m²` : null,
  ]
    .filter(Boolean)
    .join(', ');

export const eventLogMessages = {
  minutesRequired: 'Enter the minutes you worked, a whole number from 1 to 720.',
  bagsInvalid: 'Enter the bags as a whole number from 0 to 500, or leave it empty.',
  areaInvalid: 'Enter the area in square metres as a whole number up to 100000, or leave it empty.',
  notAttending: 'Only volunteers recorded as attending this MUCU event can log time and bags for it.',
  notStarted: 'Time and bags can be logged once the MUCU event has started.',
  alreadyApproved: 'The organiser has approved this entry; it can no longer be changed.',
  logged: 'Your time and bags are saved. They count once the organiser approves them.',
  approved: 'Entry approved',
  entryNotFound: 'That entry was not found for this MUCU event.',
  cleanupNotFound: 'That clean-up was not found among yours.',
  aboveMeasured: (measured: number) =>
    `The time can only be corrected down: at most the ${measured} minutes measured from claim to completion.`,
  noteRequired: 'Say in a few words why the time was shorter.',
  timeCorrected: 'Clean-up time corrected',
} as const;
