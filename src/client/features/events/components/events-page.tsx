// Route '/events': the upcoming MUCU events, soonest first, each with its date and time in Edinburgh,
// place and map link, description and how many are coming; then past events with how many attended
// and how many sites were cleaned that day. Calendar apps can subscribe to every upcoming event.
import { CalendarClock, CalendarPlus, History } from 'lucide-react';
import { Link } from 'wouter';
import type { PastEvent, UpcomingEvent } from '#shared/contracts/events.ts';
import { formatEventWhen, rsvpMessages as m } from '#shared/domain/event-rsvp-messages.ts';
import { eventPagePath } from '#shared/routes.ts';
import { PageSpinner } from '#client/components/ui/page-spinner.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useEventsOverview } from '../api/use-public-events.ts';
import { DateTile, EventFacts, feedUrls, RsvpPill } from './event-facts.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';

const linkClass = 'font-semibold text-civic-800 underline underline-offset-4 hover:text-civic-900';

function UpcomingCard({ event }: { event: UpcomingEvent }) {
  const headingId = `event-${event.id}-name`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid h-full content-start gap-3 rounded-2xl border border-stone-300 bg-white p-5 shadow-sm"
      >
        <div className="flex items-start gap-4">
          <DateTile iso={event.date} />
          <div className="grid min-w-0 gap-1">
            <h3 id={headingId} className="text-xl font-bold text-civic-900 [overflow-wrap:anywhere]">
              <Link href={eventPagePath(event.id)} className="underline-offset-4 hover:underline">
                {event.name}
              </Link>
            </h3>
            <RsvpPill event={event} />
          </div>
        </div>
        <EventFacts event={event} coming={event} />
        {event.description && <p className="line-clamp-3 whitespace-pre-line text-slate-800">{event.description}</p>}
        <p>
          <Link href={eventPagePath(event.id)} className={linkClass}>
            See details<span className="sr-only"> of {event.name}</span>
          </Link>
        </p>
      </article>
    </li>
  );
}

function PastItem({ event }: { event: PastEvent }) {
  return (
    <li className="flex items-start gap-4 rounded-2xl border border-stone-300 bg-white p-4">
      <DateTile iso={event.date} muted />
      <div className="grid min-w-0 gap-1">
        <h3 className="font-bold text-civic-900 [overflow-wrap:anywhere]">
          <Link href={eventPagePath(event.id)} className="underline-offset-4 hover:underline">
            {event.name}
          </Link>
        </h3>
        <p className="text-slate-700">
          <time dateTime={event.date}>{formatEventWhen(event.date)}</time>
        </p>
        <p className="text-slate-800">
          <strong>{event.attended}</strong> attended · <strong>{event.sitesCleaned}</strong>{' '}
          {event.sitesCleaned === 1 ? 'site' : 'sites'} cleaned that day
        </p>
      </div>
    </li>
  );
}

export default function EventsPage() {
  useDocumentTitle('MUCU events | Clean Up Edinburgh');
  const overview = useEventsOverview();
  const feed = feedUrls();

  return (
    <>
      <section className="bg-civic-800 text-white" aria-labelledby="events-title">
        <div className="mx-auto grid max-w-5xl gap-4 px-5 py-12 sm:py-14">
          <h1 id="events-title" className="text-4xl font-bold leading-tight sm:text-5xl">
            Meet Up Clean Up events
          </h1>
          <p className="max-w-2xl text-lg text-civic-100 sm:text-xl">
            We meet at a site, clean it together, and get to know the people who care for Edinburgh's streets. Kit is
            provided: just bring yourself.
          </p>
          <p>
            <a
              href={feed.webcal}
              className="inline-flex min-h-11 items-center gap-2 rounded-xl border-2 border-white/80 px-5 py-2.5 font-semibold text-white hover:bg-white/10"
            >
              <CalendarPlus aria-hidden="true" className="h-5 w-5" />
              {m.subscribe}
            </a>
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-5xl gap-10 px-5 py-10">
        {overview.isPending ? (
          <PageSpinner label="Loading MUCU events..." />
        ) : overview.isError ? (
          <LoadFailed
            message="The events could not be loaded. Check your connection, then try again."
            onRetry={() => void overview.refetch()}
          />
        ) : (
          <>
            <section aria-labelledby="upcoming-title" className="grid gap-4">
              <h2 id="upcoming-title" className="flex items-center gap-2 text-2xl font-bold text-civic-900">
                <CalendarClock aria-hidden="true" className="h-6 w-6 text-accent-700" />
                Upcoming events
              </h2>
              {overview.data.upcoming.length === 0 ? (
                <p className="rounded-xl bg-stone-light p-4 text-slate-700">{m.noUpcoming}</p>
              ) : (
                <ul className="grid gap-5 lg:grid-cols-2">
                  {overview.data.upcoming.map((event) => (
                    <UpcomingCard key={event.id} event={event} />
                  ))}
                </ul>
              )}
              <p className="text-sm text-slate-700">
                Calendar app not opening? Add this address to it as a subscription:{' '}
                <span className="break-all font-mono text-slate-900">{feed.https}</span>
              </p>
            </section>

            <section aria-labelledby="past-title" className="grid gap-4">
              <h2 id="past-title" className="flex items-center gap-2 text-2xl font-bold text-civic-900">
                <History aria-hidden="true" className="h-6 w-6 text-civic-700" />
                Past events
              </h2>
              {overview.data.past.length === 0 ? (
                <p className="rounded-xl bg-stone-light p-4 text-slate-700">{m.noPast}</p>
              ) : (
                <ul className="grid gap-3 lg:grid-cols-2">
                  {overview.data.past.map((event) => (
                    <PastItem key={event.id} event={event} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </>
  );
}
