// Find graffiti near me: find the nearest reported site from the volunteer's
// position, then three steps: location ('I want to clean it up' or 'Find another site'), before and
// after photos, and the e-mail step that completes the clean-up. Reloading during a clean-up restores
// the volunteer's own claimed site at the photos step.
import { lazy, Suspense, useReducer, useState } from 'react';
import { useFocusAfterRender } from '#client/lib/use-focus-after-render.ts';
import { distanceText } from '#shared/domain/format.ts';
import { ArrowRight, CircleAlert, CircleCheck, Info, LocateFixed } from 'lucide-react';
import { Link } from 'wouter';
import { pagePaths, routes } from '#shared/routes.ts';
import type { Volunteer } from '#shared/contracts/volunteer-auth.ts';
import { FIND_GEOLOCATION_MAX_AGE_MS, FIND_GEOLOCATION_TIMEOUT_MS } from '#shared/domain/limits.ts';
import { findMessages as m } from '#shared/domain/volunteer-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PageSpinner } from '#client/components/ui/page-spinner.tsx';
import { toastProblem } from '#client/lib/use-toast.ts';
import { refusedBeforeSending } from '#client/lib/photo-limit.ts';
import { ApiError, describeError } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { preparePhotoForUpload } from '#client/features/reports/photo/load-prepare-photo.ts';
import { RequireVolunteer } from '#client/features/volunteer-auth/components/require-volunteer.tsx';
import { useSetReportStatus } from '#client/features/reports/api/use-set-report-status.ts';
import { useCompleteCleanup, useCurrentCleanup, useFindNearby } from '../api/cleanup-calls.ts';
import { useSafetyBriefing } from '../api/safety-calls.ts';
import { celebrate } from '../confetti.ts';
import { GeolocationFailure, readPosition } from '#client/lib/geolocation.ts';
import { useLocationProvider } from '#client/features/location/api/use-location-provider.ts';
import { EmailStep } from './email-step.tsx';
import { LocationStep } from './location-step.tsx';
import { PhotosStep } from './photos-step.tsx';
import { SafetyBriefing } from './safety-briefing.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { findReducer, initialFindState, type Point, type Site, type Step } from '../find-workflow.ts';

// The open sites near the volunteer, listed and mapped once their position is known.
const NearbySites = lazy(() => import('./nearby-sites.tsx').then((module) => ({ default: module.NearbySites })));

export default function FindPage() {
  useDocumentTitle('Find graffiti near me | Clean Up Edinburgh');
  return (
    <RequireVolunteer signInPage={pagePaths.signIn}>
      {(volunteer) => <RestoreWorkflow volunteer={volunteer} />}
    </RequireVolunteer>
  );
}

/**
 * A site in cleaning on load restores the workflow at the photos step; here it is
 * the volunteer's own claimed site (another volunteer's claim is theirs to finish).
 */
function RestoreWorkflow({ volunteer }: { volunteer: Volunteer }) {
  const current = useCurrentCleanup();
  const briefing = useSafetyBriefing();
  if (current.isPending || briefing.isPending) return <PageSpinner label="Checking for a clean-up in progress..." />;
  const report = current.data?.report ?? null;
  const claimed = report ? { report, distance: null, locationLink: current.data!.locationLink } : null;
  // This year's safety briefing comes before the first claim (a site already claimed stays theirs to finish).
  if (!claimed && briefing.data && !briefing.data.acceptedThisYear)
    return (
      <div className="mx-auto grid max-w-2xl gap-6 px-5 py-8">
        <h1 className="text-3xl font-bold text-civic-900">{m.heading}</h1>
        <SafetyBriefing briefing={briefing.data} />
      </div>
    );
  return <FindWorkflow volunteer={volunteer} claimed={claimed} />;
}

function FindWorkflow({ volunteer, claimed }: { volunteer: Volunteer; claimed: Site | null }) {
  const [state, dispatch] = useReducer(findReducer(volunteer.email), volunteer.email, (email) =>
    initialFindState(email, claimed),
  );
  const { site, step, before, after, email, error, success, searching, origin, skipped } = state;
  const find = useFindNearby();
  const setStatus = useSetReportStatus();
  const complete = useCompleteCleanup();
  // How many other reports of the same site the last clean-up completed with it.
  const [alsoCompleted, setAlsoCompleted] = useState(0);
  const provider = useLocationProvider();
  const [banner, focusBanner] = useFocusAfterRender<HTMLDivElement>();
  // The search radius (5 km until the volunteer widens it) and the wider one to offer when none is near.
  const [radius, setRadius] = useState<number | undefined>(undefined);
  const [wider, setWider] = useState<number | null>(null);
  // The site on offer was chosen from the sites near the volunteer rather than found for them.
  const [chosen, setChosen] = useState(false);
  // Whether the last clean-up went on this volunteer's own record (not skipped, nor given to another address).
  const [onMyRecord, setOnMyRecord] = useState(false);
  // The new step's heading takes the focus once drawn, so a screen reader hears where the volunteer is.
  const [stepHeading, focusStep] = useFocusAfterRender<HTMLHeadingElement>();

  function moveTo(next: Step) {
    dispatch({ type: 'moved', step: next });
    focusStep();
  }

  async function search(from: Point, exclude: number[], radiusMetres = radius) {
    const result = await find.mutateAsync({
      userLatitude: from.latitude,
      userLongitude: from.longitude,
      excludeReportIds: exclude,
      ...(radiusMetres ? { radiusMetres } : {}),
    });
    if (!result.nearestReport) {
      setWider(result.widerRadiusMetres);
      dispatch({ type: 'failed', message: result.message || m.noResult });
      return;
    }
    setWider(null);
    setChosen(false);
    dispatch({
      type: 'found',
      site: { report: result.nearestReport, distance: result.distance, locationLink: result.locationLink },
    });
    // The result takes the focus, so the volunteer (and a screen reader) lands on what was found.
    focusStep();
  }

  /** Runs one search, with the search shown as running until it ends. */
  async function runSearch(run: () => Promise<void>, fresh = false) {
    dispatch({ type: 'search-started', fresh });
    try {
      await run();
    } catch (failure) {
      dispatch({ type: 'failed', message: failure instanceof GeolocationFailure ? failure.message : m.findFailed });
    } finally {
      dispatch({ type: 'search-ended' });
    }
  }

  async function onWiden() {
    if (!origin || !wider) return;
    setRadius(wider);
    await runSearch(() => search(origin, skipped, wider));
  }

  const onFind = () =>
    runSearch(async () => {
      const position = await readPosition({
        timeoutMs: FIND_GEOLOCATION_TIMEOUT_MS,
        maximumAgeMs: FIND_GEOLOCATION_MAX_AGE_MS,
      });
      dispatch({ type: 'located', origin: position });
      await search(position, []);
    }, true);

  async function onFindAnother() {
    if (!site || !origin) return onFind();
    dispatch({ type: 'skipped', reportId: site.report.id });
    await runSearch(() => search(origin, [...skipped, site.report.id]));
  }

  function onChoose(chosenSite: Site) {
    setChosen(true);
    dispatch({ type: 'found', site: chosenSite });
    focusStep();
  }

  async function onCleanIt() {
    if (!site) return;
    // Opened first, inside the tap, so the browser does not block the new tab.
    if (site.report.what3words.trim() && site.locationLink) {
      window.open(site.locationLink, '_blank', 'noopener,noreferrer');
    } else {
      window.alert(m.navigationUnavailable);
    }
    try {
      await setStatus.mutateAsync({ id: site.report.id, status: 'cleaning' });
    } catch (failure) {
      dispatch({ type: 'failed', message: describeError(failure).message });
      return;
    }
    dispatch({ type: 'claimed' });
    focusStep();
  }

  async function onGiveUp() {
    if (!site) return;
    try {
      await setStatus.mutateAsync({ id: site.report.id, status: 'reported' });
    } catch (failure) {
      toastProblem('Could not release the site', describeError(failure).message);
      return;
    }
    dispatch({ type: 'released' });
  }

  function choose(file: File, which: 'before' | 'after') {
    if (refusedBeforeSending(file)) return;
    dispatch({ type: 'photo-chosen', which, photo: { file, prepared: preparePhotoForUpload(file) } });
  }

  async function onComplete(volunteerEmail: string) {
    if (!site || !before || !after) return;
    try {
      const [beforePhoto, afterPhoto] = await Promise.all([before.prepared, after.prepared]);
      const done = await complete.mutateAsync({ reportId: site.report.id, beforePhoto, afterPhoto, volunteerEmail });
      setAlsoCompleted(done.alsoCompleted.length);
    } catch (failure) {
      // The server's reason when it gave one (a refused photo, a lost claim); otherwise the spec's words.
      const reason =
        failure instanceof ApiError && failure.status < 500 && failure.body ? failure.body.message : m.uploadFailed;
      toastProblem(m.uploadFailedTitle, reason);
      return;
    }
    setOnMyRecord(volunteerEmail.toLowerCase() === volunteer.email.toLowerCase());
    dispatch({ type: 'completed' });
    focusBanner();
    void celebrate().catch(() => undefined);
  }

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-5 py-8">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-civic-900">{m.heading}</h1>
        <p className="text-slate-700">
          Find the nearest reported graffiti, clean it up, and record it with before and after photos.
        </p>
      </div>

      {success && (
        <div
          ref={banner}
          tabIndex={-1}
          role="status"
          className="flex items-start gap-3 rounded-2xl border-2 border-emerald-700 bg-emerald-50 p-4 text-lg font-semibold text-emerald-950 outline-none"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0" />
          <div className="grid gap-1">
            <p>{m.success}</p>
            {alsoCompleted > 0 && <p className="text-base font-normal">{m.alsoCompleted(alsoCompleted)}</p>}
            <Link
              href={routes.volunteerDashboard[0]}
              className="inline-flex min-h-11 items-center gap-1 justify-self-start text-base text-emerald-900 underline underline-offset-4 hover:text-emerald-950"
            >
              {onMyRecord ? 'See it on your dashboard' : 'Go to your dashboard'}
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </div>
        </div>
      )}

      {!site && (
        <Button onClick={() => void onFind()} disabled={searching} className="min-h-16 w-full text-xl shadow-md">
          <LocateFixed aria-hidden="true" className="h-6 w-6" />
          {searching ? m.finding : m.find}
        </Button>
      )}

      {error && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-950"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <div className="grid gap-3">
            <p>{error}</p>
            {wider && origin && (
              <Button
                variant="outline"
                onClick={() => void onWiden()}
                disabled={searching}
                className="justify-self-start"
              >
                {m.widen(distanceText(wider))}
              </Button>
            )}
          </div>
        </div>
      )}

      {site && (
        <section
          aria-label="Clean-up steps"
          className="grid gap-5 rounded-2xl border border-stone-300 bg-white p-5 shadow-sm"
        >
          <StepIndicator step={step} />
          {step === 'location' && (
            <LocationStep
              site={site}
              chosen={chosen}
              headingRef={stepHeading}
              starting={setStatus.isPending}
              searching={searching}
              onCleanIt={() => void onCleanIt()}
              onFindAnother={() => void onFindAnother()}
            />
          )}
          {step === 'photos' && (
            <PhotosStep
              site={site}
              headingRef={stepHeading}
              before={before?.file ?? null}
              after={after?.file ?? null}
              onChoose={choose}
              onUpload={() => moveTo('email')}
              onGiveUp={() => void onGiveUp()}
              releasing={setStatus.isPending}
            />
          )}
          {step === 'email' && (
            <EmailStep
              headingRef={stepHeading}
              email={email}
              onEmailChange={(next) => dispatch({ type: 'email-changed', email: next })}
              completing={complete.isPending}
              onComplete={() => void onComplete(email.trim())}
              onSkip={() => void onComplete('')}
              onBack={() => moveTo('photos')}
            />
          )}
        </section>
      )}

      {origin && step === 'location' && (
        <Suspense fallback={null}>
          <NearbySites
            key={`${origin.latitude},${origin.longitude}`}
            origin={origin}
            radiusMetres={radius}
            offeredId={site?.report.id ?? null}
            onChoose={onChoose}
          />
        </Suspense>
      )}

      {provider.data?.provider === 'what3words' && (
        <p className="flex items-start gap-3 rounded-2xl bg-civic-50 p-4 text-slate-800">
          <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-civic-700" />
          <span>
            Download the free what3words app: it shows you exactly where each three-word location is, down to a 3 metre
            square.
          </span>
        </p>
      )}
    </div>
  );
}
