// Manage MUCU Events: who said 'I'll be there' to an event, then its waiting list, each by the local
// part of their e-mail; the number of places; and recording attendance from the list in one step
// (everyone going is ticked to start with, ticks can be changed, those already recorded are shown so).
import { useId, useState, type FormEvent } from 'react';
import { ChevronDown, ChevronUp, ClipboardCheck, UsersRound } from 'lucide-react';
import type { RsvpPerson, WhoIsComing as WhoIsComingData } from '#shared/contracts/events.ts';
import { attendeeLabel } from '#shared/domain/format.ts';
import { eventMessages } from '#shared/domain/event-messages.ts';
import { goingLabel, rsvpMessages as m } from '#shared/domain/event-rsvp-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { LabelledInput } from '#client/components/ui/labelled-input.tsx';
import { toastSuccess, toastProblem } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { toggled } from '#client/lib/toggled.ts';
import { useRecordAttendance, useSetCapacity, useWhoIsComing } from '../api/use-public-events.ts';
import { CallError } from '#client/components/ui/load-failed.tsx';
import { Loading } from '#client/components/ui/loading.tsx';

export function WhoIsComing({ eventId, eventName }: { eventId: number; eventName: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const list = useWhoIsComing(eventId, open);
  return (
    <div className="grid gap-2">
      <Button
        variant="ghost"
        className="justify-self-start px-3 text-civic-900"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <UsersRound aria-hidden="true" className="h-4 w-4" />
        Who's coming<span className="sr-only"> to {eventName}</span>
        {open ? (
          <ChevronUp aria-hidden="true" className="h-4 w-4" />
        ) : (
          <ChevronDown aria-hidden="true" className="h-4 w-4" />
        )}
      </Button>
      {open && (
        <div id={panelId} className="grid gap-4 rounded-xl border border-stone-300 bg-white p-4">
          {list.isPending ? (
            <Loading>Loading who is coming...</Loading>
          ) : list.isError ? (
            <CallError error={list.error} />
          ) : (
            <>
              <PlacesForm list={list.data} eventName={eventName} />
              {/* Remounted when the list changes, so the ticks start from what is stored. */}
              <AttendanceForm key={JSON.stringify(list.data)} list={list.data} eventName={eventName} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

function PlacesForm({ list, eventName }: { list: WhoIsComingData; eventName: string }) {
  const [places, setPlaces] = useState(list.capacity === null ? '' : String(list.capacity));
  const save = useSetCapacity(list.eventId);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = places.trim();
    const capacity = trimmed === '' ? null : Number(trimmed);
    if (capacity !== null && !(Number.isInteger(capacity) && capacity >= 1 && capacity <= 10_000)) {
      toastProblem(eventMessages.errors.update, m.capacityInvalid);
      return;
    }
    try {
      const saved = await save.mutateAsync(capacity);
      toastSuccess(
        'Places saved',
        saved.capacity === null ? 'No limit on places.' : goingLabel(saved.going.length, saved.capacity),
      );
    } catch (error) {
      errorToast(eventMessages.errors.update, error);
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Places at ${eventName}`}
      className="flex flex-wrap items-end gap-3"
    >
      <LabelledInput
        label="Places (empty for no limit)"
        type="number"
        inputMode="numeric"
        min={1}
        max={10_000}
        value={places}
        onChange={(event) => setPlaces(event.target.value)}
        className="min-h-11 w-32 rounded-xl border-2 border-stone-400 bg-white px-3 text-base text-slate-900"
      />
      <Button type="submit" variant="outline" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save places'}
      </Button>
    </form>
  );
}

function PersonRow({
  person,
  checked,
  onToggle,
}: {
  person: RsvpPerson;
  checked: boolean;
  onToggle(checked: boolean): void;
}) {
  const id = useId();
  return (
    <li className="flex items-center gap-3">
      <input
        id={id}
        type="checkbox"
        checked={person.attended || checked}
        disabled={person.attended}
        onChange={(event) => onToggle(event.target.checked)}
        className="h-5 w-5 shrink-0 accent-civic-800"
      />
      <label htmlFor={id} className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-semibold text-slate-900">{attendeeLabel(person.email)}</span>
        {person.name && <span className="text-slate-700"> ({person.name})</span>}
        {person.attended && <span className="text-sm text-emerald-800"> · attendance recorded</span>}
      </label>
    </li>
  );
}

function AttendanceForm({ list, eventName }: { list: WhoIsComingData; eventName: string }) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(
    () => new Set(list.going.filter((p) => !p.attended).map((p) => p.volunteerId)),
  );
  const record = useRecordAttendance(list.eventId);
  const toggle = (volunteerId: number, on: boolean) => setChosen((was) => toggled(was, volunteerId, on));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (chosen.size === 0) {
      toastProblem(eventMessages.errors.attendance, m.attendanceNoneChosen);
      return;
    }
    try {
      const result = await record.mutateAsync([...chosen]);
      toastSuccess(m.attendanceRecordedTitle, `${result.recorded} recorded as attending ${eventName}.`);
    } catch (error) {
      errorToast(eventMessages.errors.attendance, error);
    }
  }

  if (list.going.length === 0 && list.waiting.length === 0)
    return <p className="text-slate-700">Nobody has said they're coming yet.</p>;

  const group = (title: string, people: RsvpPerson[]) =>
    people.length > 0 && (
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">{title}</legend>
        <ul className="grid gap-2">
          {people.map((person) => (
            <PersonRow
              key={person.volunteerId}
              person={person}
              checked={chosen.has(person.volunteerId)}
              onToggle={(on) => toggle(person.volunteerId, on)}
            />
          ))}
        </ul>
      </fieldset>
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Who's coming to ${eventName}`} className="grid gap-4">
      {group(
        `Going (${list.capacity === null ? list.going.length : `${list.going.length} of ${list.capacity} places`})`,
        list.going,
      )}
      {group(`Waiting list (${list.waiting.length})`, list.waiting)}
      <Button type="submit" variant="secondary" className="justify-self-start" disabled={record.isPending}>
        <ClipboardCheck aria-hidden="true" className="h-5 w-5" />
        {record.isPending ? 'Recording...' : `Record attendance (${chosen.size})`}
      </Button>
    </form>
  );
}
