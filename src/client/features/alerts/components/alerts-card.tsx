// The volunteer dashboard's "Alerts" card: push notifications on this device (the browser asks for
// permission only when switched on), an e-mail per report, a daily digest or none, and an optional distance
// around a chosen point. A volunteer who has chosen nothing is invited to.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { BellRing, LocateFixed, Mail, MapPin, Smartphone } from 'lucide-react';
import type { AlertCentre, AlertEmailChoice, AlertPreferences } from '#shared/contracts/alerts.ts';
import { FIND_GEOLOCATION_MAX_AGE_MS, FIND_GEOLOCATION_TIMEOUT_MS } from '#shared/domain/limits.ts';
import { geolocationMessages } from '#shared/domain/location-messages.ts';
import { readPosition } from '#client/lib/geolocation.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toastSuccess, toastProblem } from '#client/lib/use-toast.ts';
import { describeError } from '#client/lib/api-client.ts';
import {
  useAlertPreferences,
  useDisablePush,
  useEnablePush,
  useSaveAlertPreferences,
} from '../api/use-alert-preferences.ts';
import { currentSubscription, pushAvailability, type PushAvailability } from '../push-device.ts';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Loading } from '#client/components/ui/loading.tsx';

const DEFAULT_RADIUS_KM = 2;

function hourLabel(hour: number): string {
  if (hour === 0) return 'midnight';
  if (hour === 12) return 'noon';
  return `${hour % 12} ${hour < 12 ? 'am' : 'pm'}`;
}

function emailChoices(digestHour: number): { value: AlertEmailChoice; label: string; hint?: string }[] {
  return [
    {
      value: 'instant',
      label: 'An e-mail for each new report',
      hint: 'Reports that arrive close together come in one e-mail, at most one every 10 minutes.',
    },
    {
      value: 'daily',
      label: 'A daily digest',
      hint: `One e-mail at ${hourLabel(digestHour)}, only on days with new reports.`,
    },
    { value: 'off', label: 'No e-mails' },
  ];
}

/** The card, ready to drop into the dashboard's grid (it brings its own heading and frame). */
export function AlertsCard() {
  const preferences = useAlertPreferences();
  return (
    <Card
      id="alerts-card-title"
      title="Alerts"
      icon={<BellRing aria-hidden="true" className="h-5 w-5 text-accent-700" />}
      className="gap-4 border-stone-300"
    >
      {preferences.isPending ? (
        <Loading>Loading your alert choices...</Loading>
      ) : preferences.isError ? (
        <LoadFailed
          inCard
          message="Your alert choices could not be loaded."
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <AlertChoices preferences={preferences.data} />
      )}
    </Card>
  );
}

function AlertChoices({ preferences }: { preferences: AlertPreferences }) {
  return (
    <>
      {!preferences.chosen && (
        <p className="rounded-xl bg-civic-50 p-3 text-slate-800">
          Hear about new graffiti reports as they come in. Choose push notifications, e-mails, or both below: until you
          do, we send you no alerts.
        </p>
      )}
      <PushSwitch preferences={preferences} />
      {/* Remounted when the saved choices change, so the form starts from what is stored. */}
      <EmailAndAreaForm
        key={JSON.stringify([preferences.email, preferences.radiusKm, preferences.centre])}
        preferences={preferences}
      />
    </>
  );
}

function PushSwitch({ preferences }: { preferences: AlertPreferences }) {
  const [availability, setAvailability] = useState<PushAvailability>(pushAvailability);
  const [subscribedHere, setSubscribedHere] = useState<boolean | null>(null);
  const enable = useEnablePush();
  const disable = useDisablePush();
  const labelId = useId();
  const hintId = useId();

  useEffect(() => {
    let cancelled = false;
    currentSubscription()
      .then((subscription) => !cancelled && setSubscribedHere(subscription !== null))
      .catch(() => !cancelled && setSubscribedHere(false));
    return () => {
      cancelled = true;
    };
  }, [preferences.pushDevices]);

  const on = preferences.push && subscribedHere === true;
  const pending = enable.isPending || disable.isPending;
  const unusable = availability !== 'available' && !on;
  const otherDevices = preferences.pushDevices - (on ? 1 : 0);

  async function toggle() {
    try {
      await (on ? disable : enable).mutateAsync();
      setSubscribedHere(!on);
      toastSuccess(
        on ? 'Push notifications off' : 'Push notifications on',
        on ? 'This device will no longer get alerts.' : 'This device will get an alert when graffiti is reported.',
      );
    } catch (error) {
      setAvailability(pushAvailability());
      const { title, message } = describeError(error);
      toastProblem(title ?? 'Could not change push notifications', message);
    }
  }

  const hint =
    availability === 'unsupported'
      ? 'This browser cannot show push notifications. On an iPhone, add the app to your Home Screen first.'
      : availability === 'blocked'
        ? 'Notifications are blocked for this site. Allow them in your browser settings to switch this on.'
        : on
          ? 'On: this device gets an alert for new reports (at most one every 10 minutes).'
          : 'Your browser will ask for permission when you switch this on.';

  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-stone-200 p-3">
      <div className="grid gap-1">
        <span id={labelId} className="flex items-center gap-2 font-semibold text-slate-900">
          <Smartphone aria-hidden="true" className="h-5 w-5 shrink-0 text-civic-700" />
          Push notifications on this device
        </span>
        <span id={hintId} className="text-sm text-slate-700">
          {hint}
        </span>
        {otherDevices > 0 && (
          <span className="text-sm text-slate-700">
            {preferences.push ? 'Also on' : 'Registered on'} {otherDevices} other{' '}
            {otherDevices === 1 ? 'device' : 'devices'}.
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={pending || unusable || subscribedHere === null}
        onClick={() => void toggle()}
        className={`relative inline-flex h-11 w-[4.5rem] shrink-0 items-center rounded-full border-2 transition-colors motion-reduce:transition-none disabled:cursor-not-allowed disabled:opacity-60 ${
          on ? 'border-civic-800 bg-civic-800' : 'border-stone-400 bg-stone-200'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-8 w-8 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${on ? 'translate-x-8' : 'translate-x-1'}`}
        />
        <span className="sr-only">{pending ? 'Changing...' : on ? 'On' : 'Off'}</span>
      </button>
    </div>
  );
}

function Choice({
  name,
  value,
  checked,
  onChange,
  label,
  hint,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  hint?: string;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-stone-200 p-3 has-[:checked]:border-civic-800 has-[:checked]:bg-civic-50">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        // shrink-0: beside a hint that wraps, flex would otherwise squeeze the radio narrower than the rest.
        className="h-6 w-6 shrink-0 accent-civic-800"
      />
      <span className="grid">
        <span className="font-semibold text-slate-900">{label}</span>
        {hint && <span className="text-sm text-slate-700">{hint}</span>}
      </span>
    </label>
  );
}

function Group({ legend, icon, children }: { legend: string; icon: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 flex items-center gap-2 font-semibold text-slate-900">
        {icon}
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

function EmailAndAreaForm({ preferences }: { preferences: AlertPreferences }) {
  const save = useSaveAlertPreferences();
  const [email, setEmail] = useState<AlertEmailChoice>(preferences.email);
  const [near, setNear] = useState(preferences.radiusKm !== null);
  const [radius, setRadius] = useState(String(preferences.radiusKm ?? DEFAULT_RADIUS_KM));
  const [centre, setCentre] = useState<AlertCentre | null>(preferences.centre);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const radiusId = useId();
  const problemId = useId();

  async function locateMe() {
    setLocating(true);
    setProblem(null);
    try {
      const { latitude, longitude } = await readPosition({
        timeoutMs: FIND_GEOLOCATION_TIMEOUT_MS,
        maximumAgeMs: FIND_GEOLOCATION_MAX_AGE_MS,
      });
      setCentre({ latitude, longitude });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : geolocationMessages.unavailable);
    } finally {
      setLocating(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const radiusKm = Number(radius);
    if (near && (!Number.isFinite(radiusKm) || radiusKm <= 0 || radiusKm > 50)) {
      setProblem('Choose a distance from 0.5 to 50 km.');
      return;
    }
    if (near && !centre) {
      setProblem("Set the centre first with 'Use my current position'.");
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync({
        push: preferences.push,
        email,
        radiusKm: near ? radiusKm : null,
        centre: near ? centre : null,
      });
      toastSuccess('Alert choices saved', 'We will let you know about new graffiti reports as you chose.');
    } catch (error) {
      const { title, message } = describeError(error);
      toastProblem(title ?? 'Could not save your alert choices', message);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-5" noValidate>
      <Group legend="E-mail" icon={<Mail aria-hidden="true" className="h-5 w-5 text-civic-700" />}>
        {emailChoices(preferences.digestHour).map((choice) => (
          <Choice
            key={choice.value}
            name="alert-email"
            {...choice}
            checked={email === choice.value}
            onChange={() => setEmail(choice.value)}
          />
        ))}
      </Group>

      <Group legend="Where" icon={<MapPin aria-hidden="true" className="h-5 w-5 text-civic-700" />}>
        <Choice
          name="alert-area"
          value="city"
          checked={!near}
          onChange={() => setNear(false)}
          label="Anywhere in Edinburgh"
        />
        <Choice
          name="alert-area"
          value="near"
          checked={near}
          onChange={() => setNear(true)}
          label="Only near a place I choose"
        />
        {near && (
          <div className="grid gap-3 rounded-xl bg-stone-light p-3">
            <div className="grid gap-1">
              <label htmlFor={radiusId} className="font-semibold text-slate-900">
                Distance (km)
              </label>
              <input
                id={radiusId}
                type="number"
                inputMode="decimal"
                min={0.5}
                max={50}
                step={0.5}
                value={radius}
                onChange={(event) => setRadius(event.target.value)}
                aria-describedby={problem ? problemId : undefined}
                className="min-h-11 w-32 rounded-xl border-2 border-stone-400 bg-white px-3 text-base text-slate-900"
              />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="outline" onClick={() => void locateMe()} disabled={locating}>
                <LocateFixed aria-hidden="true" className="h-5 w-5" />
                {locating ? 'Finding you...' : 'Use my current position'}
              </Button>
              <span className="text-sm text-slate-700" aria-live="polite">
                {centre
                  ? `Centre: ${centre.latitude.toFixed(4)}, ${centre.longitude.toFixed(4)}`
                  : 'No centre chosen yet'}
              </span>
            </div>
          </div>
        )}
      </Group>

      {problem && (
        <p id={problemId} role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 text-red-950">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save alert choices'}
        </Button>
      </div>
    </form>
  );
}
