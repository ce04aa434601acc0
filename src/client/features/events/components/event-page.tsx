// Route '/events/:id': one MUCU event's own page, to share. Its facts, how many are coming, and the
// signed-in volunteer's 'I'll be there' (or the waiting list) and taking it back; a visitor who is not
// signed in is sent to sign in and brought back here. 'Add to calendar' downloads its iCalendar file.
import { ArrowLeft, CalendarPlus, Share2 } from 'lucide-react';
import { Link, useLocation, useParams } from 'wouter';
import type { EventPage as EventPageData, UpcomingEvent } from '#shared/contracts/events.ts';
import { rsvpMessages as m } from '#shared/domain/event-rsvp-messages.ts';
import { pagePaths, routes } from '#shared/routes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PageSpinner } from '#client/components/ui/page-spinner.tsx';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { useShare } from '#client/lib/share.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useCurrentVolunteer } from '#client/features/volunteer-auth/api/volunteer-session.ts';
import { signInPathFor } from '#client/features/volunteer-auth/next-path.ts';
import { calendarUrl, useEventPage, useRsvp } from '../api/use-public-events.ts';
import { shareEvent } from '../share-event.ts';
import { DateTile, EventFacts, RsvpPill } from './event-facts.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';

const outlineLink =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border-2 border-civic-800 bg-white px-5 py-2.5 font-semibold text-civic-800 hover:bg-civic-50';

export default function EventPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const page = useEventPage(id);
  useDocumentTitle(`${page.data?.name ?? 'MUCU event'} | Clean Up Edinburgh`);

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-5 py-8">
      <p>
        <Link
          href={routes.events}
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-civic-800 underline underline-offset-4"
        >
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          All MUCU events
        </Link>
      </p>
      {page.isPending ? (
        <PageSpinner label="Loading the event..." />
      ) : page.isError ? (
        page.error instanceof ApiError && page.error.status === 404 ? (
          <div className="grid gap-3">
            <h1 className="text-3xl font-bold text-civic-900">Event not found</h1>
            <p className="text-slate-700">
              This MUCU event may have been cancelled. See the{' '}
              <Link href={routes.events} className="font-semibold text-civic-800 underline underline-offset-4">
                upcoming events
              </Link>
              .
            </p>
          </div>
        ) : (
          <LoadFailed
            message="The event could not be loaded. Check your connection, then try again."
            onRetry={() => void page.refetch()}
          />
        )
      ) : (
        <EventDetails event={page.data} />
      )}
    </div>
  );
}

function EventDetails({ event }: { event: EventPageData }) {
  const { sharing, onShare } = useShare(() => shareEvent(event), m.shareCopiedTitle, m.shareCopied);

  return (
    <article
      aria-labelledby="event-title"
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
    >
      <div className="grid gap-5 rounded-2xl border border-stone-300 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex items-start gap-4">
          <DateTile iso={event.date} muted={event.when === 'past'} />
          <div className="grid min-w-0 gap-2">
            <h1 id="event-title" className="text-3xl font-bold text-civic-900 [overflow-wrap:anywhere]">
              {event.name}
            </h1>
            {event.when === 'upcoming' && <RsvpPill event={event} />}
          </div>
        </div>
        <EventFacts event={event} coming={event.when === 'upcoming' ? event : undefined} />
        {event.description && <p className="whitespace-pre-line text-slate-800">{event.description}</p>}
      </div>

      <div className="grid gap-4 rounded-2xl border-2 border-civic-100 bg-white p-5 shadow-sm sm:p-6">
        {event.when === 'upcoming' ? (
          <RsvpPanel event={event} />
        ) : (
          <div className="grid gap-2">
            <h2 className="text-xl font-bold text-civic-900">This event has taken place</h2>
            <p className="text-slate-800">
              <strong>{event.attended}</strong> attended, and volunteers cleaned <strong>{event.sitesCleaned}</strong>{' '}
              {event.sitesCleaned === 1 ? 'site' : 'sites'} across Edinburgh that day. Thank you!
            </p>
            <p>
              <Link href={routes.events} className="font-semibold text-civic-800 underline underline-offset-4">
                See the upcoming events
              </Link>
            </p>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          {event.when === 'upcoming' && (
            <a href={calendarUrl(event.id)} download className={outlineLink}>
              <CalendarPlus aria-hidden="true" className="h-5 w-5" />
              {m.addToCalendar}
            </a>
          )}
          <Button variant="outline" onClick={() => void onShare()} disabled={sharing}>
            <Share2 aria-hidden="true" className="h-5 w-5" />
            {m.share}
          </Button>
        </div>
      </div>
    </article>
  );
}

function RsvpPanel({ event }: { event: UpcomingEvent & { when: 'upcoming' } }) {
  const session = useCurrentVolunteer();
  const rsvp = useRsvp(event.id);
  const [, navigate] = useLocation();
  const full = event.capacity !== null && event.going >= event.capacity;

  async function answer(going: boolean) {
    if (!session.data) {
      // Signed out: sign in first, then come back to this event.
      navigate(signInPathFor(pagePaths.volunteerSignIn, window.location.pathname));
      return;
    }
    try {
      const updated = await rsvp.mutateAsync(going);
      const message =
        updated.myRsvp === 'going'
          ? m.youAreGoing
          : updated.myRsvp === 'waiting'
            ? m.youAreWaiting
            : event.myRsvp === 'waiting'
              ? m.leftWaitingList
              : m.withdrawn;
      toastSuccess(message);
    } catch (error) {
      errorToast(m.rsvpFailed, error);
    }
  }

  return (
    <div className="grid gap-3">
      <h2 className="text-xl font-bold text-civic-900">Are you coming?</h2>
      <p role="status" className="text-slate-800">
        {event.myRsvp === 'going'
          ? m.youAreGoing
          : event.myRsvp === 'waiting'
            ? `You're number ${event.myWaitingPosition ?? '?'} on the waiting list. We'll e-mail you if a place comes free.`
            : full
              ? m.eventFull
              : session.data === null
                ? "Sign in with your e-mail to say you'll be there: we'll remind you the day before."
                : "Say you'll be there, and we'll e-mail you a reminder the day before."}
      </p>
      {event.myRsvp === null ? (
        <Button
          className="min-h-14 justify-self-start px-7 text-lg"
          onClick={() => void answer(true)}
          disabled={rsvp.isPending || session.isPending}
        >
          {rsvp.isPending ? m.goingPending : m.going}
        </Button>
      ) : (
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => void answer(false)}
          disabled={rsvp.isPending}
        >
          {rsvp.isPending ? m.withdrawPending : event.myRsvp === 'waiting' ? m.leaveWaitingList : m.withdraw}
        </Button>
      )}
    </div>
  );
}
