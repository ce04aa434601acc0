// The facts every event view shows the same way: a calendar tile, the date and time in Edinburgh,
// the place (with its map link), and how many are coming.
import type { ReactNode } from 'react';
import { CalendarCheck, CalendarClock, CalendarDays, ExternalLink, MapPin, Users } from 'lucide-react';
import type { UpcomingEvent } from '#shared/contracts/events.ts';
import { feedUrl } from '../api/use-public-events.ts';
import { formatEventWhen, goingLabel } from '#shared/domain/event-rsvp-messages.ts';
import { cityTime, ukShortMonth } from '#shared/domain/city-clock.ts';

/** The date as a small calendar tile: '5' over 'Dec'. Decorative: the full date is written beside it. */
export function DateTile({ iso, muted = false }: { iso: string; muted?: boolean }) {
  const time = cityTime(iso);
  return (
    <div
      aria-hidden="true"
      className={`grid h-16 w-16 shrink-0 content-center justify-items-center rounded-2xl ${muted ? 'bg-stone-200 text-slate-800' : 'bg-civic-800 text-white'}`}
    >
      <span className="text-2xl font-bold leading-none">{time.day}</span>
      <span className="text-sm font-semibold uppercase tracking-wide">{ukShortMonth(time)}</span>
    </div>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="pt-0.5">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const iconClass = 'h-5 w-5 text-civic-700';

export function EventFacts({
  event: { date, location, mapsLink },
  coming,
}: {
  event: Pick<UpcomingEvent, 'date' | 'location' | 'mapsLink'>;
  /** The 'how many' line; none for past events, which say who attended instead. */
  coming?: { going: number; capacity: number | null; waiting: number };
}) {
  return (
    <dl className="grid gap-1.5 text-slate-800">
      <Fact icon={<CalendarDays aria-hidden="true" className={iconClass} />} label="When">
        <time dateTime={date}>{formatEventWhen(date)}</time>
      </Fact>
      <Fact icon={<MapPin aria-hidden="true" className={iconClass} />} label="Where">
        {mapsLink ? (
          <a
            href={mapsLink}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-civic-800 underline underline-offset-4 hover:text-civic-900"
          >
            {location}
            <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="sr-only"> (map, opens in a new tab)</span>
          </a>
        ) : (
          location
        )}
      </Fact>
      {coming && (
        <Fact icon={<Users aria-hidden="true" className={iconClass} />} label="Coming">
          {goingLabel(coming.going, coming.capacity)}
          {coming.waiting > 0 && `, ${coming.waiting} on the waiting list`}
        </Fact>
      )}
    </dl>
  );
}

/** The feed's address for calendar apps: webcal:// asks the device to subscribe rather than download. */
export function feedUrls(): { webcal: string; https: string } {
  const https = `${window.location.origin}${feedUrl()}`;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

export function RsvpPill({ event }: { event: UpcomingEvent }) {
  if (event.myRsvp === 'going')
    return (
      <span className="inline-flex items-center gap-1 justify-self-start rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">
        <CalendarCheck aria-hidden="true" className="h-4 w-4" />
        You're going
      </span>
    );
  if (event.myRsvp === 'waiting')
    return (
      <span className="inline-flex items-center gap-1 justify-self-start rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-950">
        <CalendarClock aria-hidden="true" className="h-4 w-4" />
        Waiting list{event.myWaitingPosition ? `: number ${event.myWaitingPosition}` : ''}
      </span>
    );
  if (event.capacity !== null && event.going >= event.capacity)
    return (
      <span className="inline-flex justify-self-start rounded-full bg-stone-200 px-3 py-1 text-sm font-semibold text-slate-900">
        Full: waiting list open
      </span>
    );
  return null;
}
