// 'Share this event', as a clean-up is shared: the text and the event's own link.
import type { UpcomingEvent } from '#shared/contracts/events.ts';
import { formatEventWhen } from '#shared/domain/event-rsvp-messages.ts';
import { CITY_NAME } from '#shared/domain/messages.ts';
import { SHARE_HASHTAGS } from '#shared/domain/volunteer-messages.ts';
import { eventPagePath } from '#shared/routes.ts';
import { share } from '#client/lib/share.ts';

type ShareableEvent = Pick<UpcomingEvent, 'id' | 'name' | 'date' | 'location'>;

function eventShareText(event: ShareableEvent): string {
  return (
    `Join me at ${event.name}, a Meet Up Clean Up in ${CITY_NAME}: ${formatEventWhen(event.date)} at ` +
    `${event.location}. ${SHARE_HASHTAGS.join(' ')}`
  );
}

export function shareEvent(event: ShareableEvent) {
  return share({
    title: event.name,
    text: eventShareText(event),
    url: `${window.location.origin}${eventPagePath(event.id)}`,
  });
}
