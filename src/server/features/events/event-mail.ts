// What an event e-mail says: the day-before reminder, a change to the time or place, a cancellation,
// and a place come free from the waiting list. Each carries the event page, its calendar file, and a
// one-click unsubscribe link in the body and in the List-Unsubscribe headers (RFC 2369, RFC 8058).
import { apiRoutes } from '#shared/contracts/api-routes.ts';
import type { MucuEvent } from '#shared/contracts/events.ts';
import { urlOf } from '#shared/contracts/http.ts';
import { formatEventWhen } from '#shared/domain/event-rsvp-messages.ts';
import { eventPagePath } from '#shared/routes.ts';
import { escapeHtml } from '#server/mail/escape-html.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { htmlOnly, link, type Line } from '#server/mail/mail-body.ts';
import { unsubscribableMail } from '#server/mail/unsubscribable-mail.ts';

export type EventMailKind = 'reminder' | 'changed' | 'cancelled' | 'promoted';

/** What every view of an event shows of it (its date an ISO instant). */
export type EventFacts = Omit<MucuEvent, 'attendances'>;

export interface EventMailContext {
  publicUrl: string;
  to: string;
  name: string | null;
  unsubscribeToken: string;
}

/** What changed, as 'Time: Saturday, 5 December 2026 at 10:00 (was ...)' lines. */
function changes(before: EventFacts, after: EventFacts): string[] {
  const lines: string[] = [];
  if (before.date !== after.date)
    lines.push(`Time: ${formatEventWhen(after.date)} (was ${formatEventWhen(before.date)})`);
  if (before.location !== after.location) lines.push(`Place: ${after.location} (was ${before.location})`);
  if (before.mapsLink !== after.mapsLink) lines.push(`Map: ${after.mapsLink ?? 'no map link now'}`);
  if (before.description !== after.description) lines.push(`Details: ${after.description ?? 'none now'}`);
  return lines;
}

export function eventEmail(
  kind: EventMailKind,
  event: EventFacts,
  ctx: EventMailContext,
  before?: EventFacts,
): MailMessage {
  const when = formatEventWhen(event.date);
  const pageUrl = `${ctx.publicUrl}${eventPagePath(event.id)}`;
  const calendarUrl = `${ctx.publicUrl}${urlOf(apiRoutes.publicEvents.calendar.path, { id: event.id })}`;
  const unsubscribePath = urlOf(apiRoutes.publicEvents.unsubscribe.path, {}, { token: ctx.unsubscribeToken });
  const subject = {
    reminder: `Tomorrow: ${event.name}`,
    changed: `Changed: ${event.name}`,
    cancelled: `Cancelled: ${event.name}`,
    promoted: `A place came free: you're going to ${event.name}`,
  }[kind];
  const intro = {
    reminder: `A reminder that you said you'll be at ${event.name} tomorrow. Thank you for helping to make Edinburgh cleaner!`,
    changed: `${event.name}, which you said you'd come to, has changed:`,
    cancelled: `Sorry: ${event.name}, which you said you'd come to, has been cancelled.`,
    promoted: `A place came free at ${event.name}, so you've moved up from the waiting list: you're going.`,
  }[kind];
  const changeLines = kind === 'changed' && before ? changes(before, event) : [];
  const links: Line =
    kind === 'cancelled'
      ? link(`${ctx.publicUrl}/events`, 'See the other MUCU events')
      : [
          link(pageUrl, 'Open the event page', { lead: `Event page (and "I can't make it" if your plans change)` }),
          { text: '\n', html: ' · ' },
          link(calendarUrl, 'Add to your calendar', { bold: false }),
        ];
  const where = event.mapsLink
    ? {
        text: `${event.location} (map: ${event.mapsLink})`,
        html: `<a href="${escapeHtml(event.mapsLink)}">${escapeHtml(event.location)}</a>`,
      }
    : event.location;
  return unsubscribableMail({
    to: ctx.to,
    subject,
    body: [
      [`Hello ${ctx.name ?? 'volunteer'},`],
      [intro],
      ...(changeLines.length > 0 ? [{ list: changeLines }] : []),
      [
        htmlOnly(`<strong>${escapeHtml(event.name)}</strong>`),
        `When: ${when}`,
        ['Where: ', where],
        event.description ?? '',
      ],
      [links],
    ],
    why: "You get this e-mail because you said you'd come to this MUCU event.",
    unsubscribeUrl: `${ctx.publicUrl}${unsubscribePath}`,
    stop: 'Stop e-mails about MUCU events',
  });
}
