// The MUCU form's checks and conversions, kept apart from the markup so they can be tested: location and
// date required, maps link a web address or nothing.
import { eventMessages } from '#shared/domain/event-messages.ts';
import { isHttpUrl } from '#shared/domain/urls.ts';
import type { EventDraft } from './api/use-events.ts';

/** The draft's fields as the form's inputs hold them: the date as 'YYYY-MM-DDTHH:mm', in the browser's time. */
export type EventFormValues = Record<keyof EventDraft, string>;

export const emptyEventForm: EventFormValues = { location: '', date: '', description: '', mapsLink: '' };

/** The draft to send, or the message saying what is wrong. */
export function eventDraftFrom(values: EventFormValues): { draft: EventDraft } | { error: string } {
  const location = values.location.trim();
  const date = values.date.trim() ? new Date(values.date) : null;
  if (!location || !date) return { error: eventMessages.locationAndDateRequired };
  if (Number.isNaN(date.getTime())) return { error: eventMessages.invalidDate };
  const mapsLink = values.mapsLink.trim();
  if (mapsLink && !isHttpUrl(mapsLink)) return { error: eventMessages.invalidMapsLink };
  return {
    draft: { location, date: date.toISOString(), description: values.description.trim(), mapsLink: mapsLink || null },
  };
}

/** An ISO instant as a datetime-local value in the browser's time. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
