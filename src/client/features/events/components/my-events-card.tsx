// The volunteer dashboard's "Your MUCU events" card: the upcoming events the volunteer said they will
// be at (or is waiting for a place at), soonest first, a way to the others, and whether to get the
// day-before reminder and change notices by e-mail.
import { useId } from 'react';
import { CalendarHeart } from 'lucide-react';
import { Link } from 'wouter';
import { rsvpMessages as m } from '#shared/domain/event-rsvp-messages.ts';
import { eventPagePath, routes } from '#shared/routes.ts';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useEventEmailSettings, useMyEvents, useSaveEventEmailSettings } from '../api/use-public-events.ts';
import { EventFacts, RsvpPill } from './event-facts.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Loading } from '#client/components/ui/loading.tsx';

const linkClass = 'font-semibold text-civic-800 underline underline-offset-4 hover:text-civic-900';

/** The card, ready to drop into the dashboard's grid (it brings its own heading and frame). */
export function MyEventsCard() {
  const events = useMyEvents();
  return (
    <Card
      id="my-events-title"
      title="Your MUCU events"
      icon={<CalendarHeart aria-hidden="true" className="h-5 w-5 text-accent-700" />}
    >
      {events.isPending ? (
        <Loading>Loading your events...</Loading>
      ) : events.isError ? (
        <LoadFailed inCard message="Your events could not be loaded." onRetry={() => void events.refetch()} />
      ) : events.data.length === 0 ? (
        <p className="rounded-xl bg-stone-light p-4 text-slate-700">{m.noneGoing}</p>
      ) : (
        <ul aria-label="Events you're going to" className="grid gap-3">
          {events.data.map((event) => (
            <li key={event.id} className="grid gap-2 rounded-xl border border-stone-300 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-bold text-civic-900 [overflow-wrap:anywhere]">
                  <Link href={eventPagePath(event.id)} className="underline-offset-4 hover:underline">
                    {event.name}
                  </Link>
                </h3>
                <RsvpPill event={event} />
              </div>
              <EventFacts event={event} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href={routes.events} className={linkClass}>
          See all MUCU events
        </Link>
      </p>
      <EventEmailsSwitch />
    </Card>
  );
}

function EventEmailsSwitch() {
  const id = useId();
  const settings = useEventEmailSettings();
  const save = useSaveEventEmailSettings();
  if (!settings.data) return null;

  async function onChange(emailsOn: boolean) {
    try {
      await save.mutateAsync({ emailsOn });
      toastSuccess(
        emailsOn ? 'Event e-mails on' : 'Event e-mails off',
        emailsOn
          ? "We'll remind you the day before each event you're going to."
          : "We won't e-mail you about MUCU events.",
      );
    } catch (error) {
      errorToast('Could not save your choice', error);
    }
  }

  return (
    <div className="flex items-start gap-3 rounded-xl bg-stone-light p-3">
      <input
        id={id}
        type="checkbox"
        checked={settings.data.emailsOn}
        disabled={save.isPending}
        onChange={(event) => void onChange(event.target.checked)}
        className="mt-0.5 h-6 w-6 shrink-0 accent-civic-800"
      />
      <label htmlFor={id} className="text-slate-800">
        E-mail me a reminder the day before each event I'm going to, and if one changes or is cancelled
      </label>
    </div>
  );
}
