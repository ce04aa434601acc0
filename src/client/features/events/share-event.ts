// 'Share this event', as a clean-up is shared: the native share sheet where there is one, otherwise
// the text and the event's own link go to the clipboard.
import { formatEventWhen } from '#shared/domain/event-rsvp-messages.ts';
import { CITY_NAME } from '#shared/domain/messages.ts';
import { SHARE_HASHTAGS } from '#shared/domain/volunteer-messages.ts';
import { eventPagePath } from '#shared/routes.ts';

interface ShareableEvent {
  id: number;
  name: string;
  date: string;
  location: string;
}

function eventShareText(event: ShareableEvent): string {
  return (
    `Join me at ${event.name}, a Meet Up Clean Up in ${CITY_NAME}: ${formatEventWhen(event.date)} at ` +
    `${event.location}. ${SHARE_HASHTAGS.join(' ')}`
  );
}

/** 'shared' through the share sheet, 'copied' to the clipboard, or 'cancelled' by the person. */
export async function shareEvent(event: ShareableEvent): Promise<'shared' | 'copied' | 'cancelled'> {
  const url = `${window.location.origin}${eventPagePath(event.id)}`;
  const text = eventShareText(event);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: event.name, text, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // A share sheet that refused (no target, not allowed here): fall back to the clipboard.
    }
  }
  await navigator.clipboard.writeText(`${text} ${url}`);
  return 'copied';
}
