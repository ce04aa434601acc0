// The public report form: a photo (camera first), a three-word location, and
// 'Submit Report'. Checks run before sending, with the spec's words; the server checks again. The photo
// is shrunk on the phone once chosen, and a report that cannot go yet is kept on the phone and sent
// later (offline/), so a weak signal costs neither time nor the report.
import { lazy, Suspense, useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { Camera, CloudUpload, ImagePlus, MapPin } from 'lucide-react';
import { messages } from '#shared/domain/messages.ts';
import { isAcceptableLocation, isThreeWordFormat, normaliseThreeWords } from '#shared/domain/three-words.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast, toastSuccess, toastProblem } from '#client/lib/use-toast.ts';
import { ApiError, describeError } from '#client/lib/api-client.ts';
import type { SuggestionDetails } from '#shared/contracts/location.ts';
import { GRID_EXAMPLE_WORDS } from '#shared/domain/location-messages.ts';
import { useLocationProvider } from '#client/features/location/api/use-location-provider.ts';
import { PhotoPreview } from '#client/components/ui/photo-preview.tsx';
import { photoChoiceProblem } from '#shared/domain/photo-choice.ts';
import { whenIdle } from '#client/lib/when-idle.ts';
import { useSubmitReport } from '../api/use-submit-report.ts';
import { queueMessages, waitingText } from '../offline/queue-messages.ts';
import { preparePhotoForUpload, warmPhotoPreparation, type PreparedPhoto } from '../photo/load-prepare-photo.ts';
import type { StagedUpload } from '../api/stage-photo.ts';
import { PhotoSending } from './photo-sending.tsx';
import { FieldError } from './field-error.tsx';
import { onDemand } from '#client/lib/on-demand.ts';

/** The sender of photos ahead of their reports: needed only once a photo is chosen. */
const loadStaging = onDemand(() => import('../api/stage-photo.ts'));
import { LocationButton } from '#client/features/location/components/location-button.tsx';
import { describeLocationError } from '#client/features/location/location-errors.ts';
import { useLocationDetection } from '#client/features/location/use-location-detection.ts';
import { PrivacyLink } from '#client/components/ui/privacy-link.tsx';
import { looksLikeEmail } from '#client/features/reports/follow-up/looks-like-email.ts';
import { MY_REPORTS_KEY } from '#client/features/reports/follow-up/components/my-reports.tsx';
import { useAddMyPhoto, useAlreadyReported } from '#client/features/reports/follow-up/api/use-already-reported.ts';
import { useQueryClient } from '@tanstack/react-query';

const m = messages.report;

// Shown only once a report has gone (its receipt), the server has named one already open here, it
// has offered real locations for words that name none, or the phone's position has given the words (a
// link to that place on a map): their code loads on demand, and is fetched once
// the form is shown and the browser idle, so it is at hand by then. Should it fail to load all the
// same, the form shows nothing in their place.
const loadReceipt = () => import('#client/features/reports/follow-up/components/report-receipt.tsx');
const loadAlreadyReported = () => import('#client/features/reports/follow-up/components/already-reported.tsx');
const loadSuggestedPlaces = () => import('#client/features/location/components/suggested-places.tsx');
const ReportReceipt = lazyOrNothing(() => loadReceipt().then((module) => module.ReportReceipt));
const AlreadyReported = lazyOrNothing(() => loadAlreadyReported().then((module) => module.AlreadyReported));
const SuggestedPlaces = lazyOrNothing(() => loadSuggestedPlaces().then((module) => module.SuggestedPlaces));
const loadPlaceLink = () => import('./detected-place-link.tsx');
const DetectedPlaceLink = lazyOrNothing(() => loadPlaceLink().then((module) => module.DetectedPlaceLink));

function lazyOrNothing<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async (): Promise<{ default: ComponentType<P> }> => {
    try {
      return { default: await load() };
    } catch {
      return { default: () => null };
    }
  });
}

function warmLaterParts(): void {
  warmPhotoPreparation();
  for (const load of [loadReceipt, loadAlreadyReported, loadSuggestedPlaces, loadPlaceLink])
    load().catch(() => undefined);
}

function thankYou(): void {
  toastSuccess(queueMessages.sentTitle, m.thankYou);
}

function submitError(error: unknown): void {
  toastProblem(m.submitErrorTitle, describeError(error, messages.generic.tryAgain).message);
}

export function ReportForm() {
  // The chosen file (for the preview) and its upload copy, prepared while the words are typed.
  // Sent ahead as soon as it is prepared, so Submit sends only the words (see stage-photo.ts).
  const [photo, setPhoto] = useState<{
    file: File;
    prepared: Promise<PreparedPhoto>;
    staged: Promise<StagedUpload>;
  } | null>(null);
  useEffect(
    () => () =>
      void photo?.staged.then(
        (upload) => upload.cancel(),
        () => undefined,
      ),
    [photo],
  );
  const [location, setLocation] = useState('');
  const [locationError, setLocationError] = useState<string | null>(null);
  const [notifyEmail, setNotifyEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [offensive, setOffensive] = useState(false);
  // The last report sent from this form: its reference and status link stay until the next one.
  const [receipt, setReceipt] = useState<{ id: number; statusToken: string | null } | null>(null);
  // Real locations the server offered for words it could not find, nearest first.
  const [suggestions, setSuggestions] = useState<SuggestionDetails | null>(null);
  const provider = useLocationProvider().data?.provider;
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = useSubmitReport({
    onSent: thankYou,
    onRefused: submitError,
  });
  const detection = useLocationDetection();
  const ids = {
    photo: useId(),
    location: useId(),
    locationHelp: useId(),
    locationError: useId(),
    hint: useId(),
    format: useId(),
    email: useId(),
    emailHelp: useId(),
    emailError: useId(),
    offensive: useId(),
  };
  // Device coordinates go with the report only while the field still holds the words they gave.
  const reading =
    detection.reading && normaliseThreeWords(location) === detection.reading.conversion.words
      ? detection.reading
      : null;
  const existing = useAlreadyReported(
    location,
    reading ? { latitude: reading.latitude, longitude: reading.longitude } : null,
  );
  const addMyPhoto = useAddMyPhoto();
  const queryClient = useQueryClient();
  // Fetched ahead of need: the signal may be gone by the time a photo is chosen.
  useEffect(() => whenIdle(warmLaterParts), []);
  const showFormatHint =
    location.trim() !== '' && !locationError && isAcceptableLocation(location) && !isThreeWordFormat(location);

  /** Fills in words the person did not type, and focuses them. */
  function takeWords(words: string) {
    setLocation(words);
    setLocationError(null);
    setSuggestions(null);
    document.getElementById(ids.location)?.focus();
  }

  function askForPhoto() {
    toastProblem(m.photoRequiredTitle, m.photoRequired);
    fileInput.current?.focus();
  }

  /** Marks an e-mail address that cannot be one and focuses it; an empty one is fine. */
  function emailIsWrong(): boolean {
    const problem = notifyEmail.trim() && !looksLikeEmail(notifyEmail) ? messages.followByEmail.invalid : null;
    setEmailError(problem);
    if (problem) document.getElementById(ids.email)?.focus();
    return problem !== null;
  }

  async function detectLocation() {
    try {
      const next = await detection.detect();
      // The detected words take the focus, so the person hears and can check what was filled in.
      takeWords(next.conversion.words);
    } catch (error) {
      toast({ ...describeLocationError(error), variant: 'destructive' });
    }
  }

  function choosePhoto(file: File | undefined) {
    if (!file) return;
    // Checked as chosen (the size limit applies before any shrinking), so a file that cannot go says so now.
    const problem = photoChoiceProblem(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    const prepared = preparePhotoForUpload(file);
    setPhoto({ file, prepared, staged: loadStaging().then((module) => module.stagePhoto(prepared)) });
    setReceipt(null);
  }

  function resetForm() {
    setPhoto(null);
    setLocation('');
    setNotifyEmail('');
    setOffensive(false);
    setSuggestions(null);
    detection.forget();
    if (fileInput.current) fileInput.current.value = '';
  }

  /** 'Add my photo to it': the photo joins the open report here instead of making a new one. */
  async function addToExisting(report: { id: number; what3words: string; reportedAt: string }) {
    if (!photo) return askForPhoto();
    if (emailIsWrong()) return;
    try {
      const prepared = await photo.prepared;
      const added = await addMyPhoto.mutateAsync({
        id: report.id,
        photo: prepared.blob,
        notifyEmail: notifyEmail.trim() || undefined,
      });
      const queue = await import('../offline/report-queue.ts');
      await queue.rememberReport({ ...report, id: added.id, statusToken: added.statusToken });
      void queryClient.invalidateQueries({ queryKey: MY_REPORTS_KEY });
      void existing.refetch();
      toastSuccess(queueMessages.sentTitle, m.addedMyPhoto);
      setReceipt({ id: added.id, statusToken: added.statusToken });
    } catch (error) {
      submitError(error);
      return;
    }
    resetForm();
  }

  function checkLocation(value: string): string | null {
    if (!value.trim()) return m.locationRequired;
    if (!isAcceptableLocation(value)) return m.locationInvalid;
    return null;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!photo) return askForPhoto();
    const problem = checkLocation(location);
    setLocationError(problem);
    if (problem) {
      document.getElementById(ids.location)?.focus();
      return;
    }
    if (emailIsWrong()) return;
    try {
      const outcome = await submit.mutateAsync({
        photo: photo.prepared,
        // Without the sender (its code could not be fetched), the report carries the photo.
        stagedPhoto: photo.staged.then(
          (upload) => upload.finish(),
          () => null,
        ),
        what3words: location,
        device: reading,
        near: detection.reading,
        notifyEmail: notifyEmail.trim() || undefined,
        offensive,
      });
      if (outcome.kind === 'sent') {
        thankYou();
        setReceipt({ id: outcome.report.id, statusToken: outcome.report.statusToken });
      } else toast({ title: queueMessages.savedTitle, description: queueMessages.saved[outcome.reason] });
    } catch (error) {
      const refusal = error instanceof ApiError && error.status === 400 ? error.body : null;
      if (refusal && (refusal.code === 'BadWords' || refusal.code === 'OutsideArea')) {
        // The words name no place in the city: say so at the field, with what the person may have meant.
        setLocationError(refusal.message);
        setSuggestions(refusal.suggestionDetails ?? null);
        document.getElementById(ids.location)?.focus();
        return;
      }
      submitError(error);
      return;
    }
    // Sent or safely kept: either way the form is ready for the next report.
    resetForm();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Report graffiti">
      <div className="grid gap-2">
        <span id={`${ids.photo}-label`} className="text-base font-semibold text-slate-900">
          Photo of the graffiti
        </span>
        <label
          htmlFor={ids.photo}
          className="@container relative grid aspect-[4/3] w-full cursor-pointer place-items-center overflow-hidden rounded-2xl border-2 border-dashed border-civic-700 bg-civic-50 text-civic-800 focus-within:outline focus-within:outline-3 focus-within:outline-accent-600"
        >
          {photo ? (
            <PhotoPreview file={photo.file} alt="The photo you chose" />
          ) : (
            <span className="grid justify-items-center gap-2 p-6 text-center">
              <Camera aria-hidden="true" className="h-10 w-10" />
              <span className="font-semibold">Take or choose a photo</span>
              <span className="text-sm text-slate-700">JPG or PNG, up to 10MB</span>
            </span>
          )}
          <input
            ref={fileInput}
            id={ids.photo}
            name="photo"
            type="file"
            accept="image/*"
            capture="environment"
            aria-labelledby={`${ids.photo}-label`}
            aria-describedby={photo ? undefined : ids.hint}
            className="sr-only"
            onChange={(event) => choosePhoto(event.target.files?.[0])}
          />
        </label>
        {photo && <PhotoSending staged={photo.staged} />}
        {photo ? (
          <Button variant="outline" onClick={() => fileInput.current?.click()}>
            <ImagePlus aria-hidden="true" className="h-5 w-5" /> Change photo
          </Button>
        ) : (
          <p id={ids.hint} className="text-sm text-slate-700">
            {m.photoHint}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <label htmlFor={ids.location} className="text-base font-semibold text-slate-900">
          Three-word location
        </label>
        <p id={ids.locationHelp} className="text-sm text-slate-700">
          {provider === 'what3words'
            ? 'Three words separated by dots, as the what3words app shows them'
            : `Three words separated by dots, like ${GRID_EXAMPLE_WORDS}`}
        </p>
        <div className="relative">
          <MapPin
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-civic-700"
          />
          <input
            id={ids.location}
            name="what3words"
            type="text"
            inputMode="text"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            autoComplete="off"
            placeholder="word.word.word"
            value={location}
            aria-invalid={locationError ? true : undefined}
            aria-describedby={[ids.locationHelp, locationError && ids.locationError, showFormatHint && ids.format]
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => {
              setLocation(event.target.value);
              if (locationError) setLocationError(checkLocation(event.target.value));
              setSuggestions(null);
            }}
            className="min-h-12 w-full rounded-xl border-2 border-slate-500 bg-white py-2 pl-11 pr-3 text-lg text-slate-900 placeholder:text-slate-500 focus:border-civic-800"
          />
        </div>
        <FieldError id={ids.locationError} message={locationError} />
        {suggestions && suggestions.places.length > 0 && (
          <Suspense fallback={null}>
            <SuggestedPlaces details={suggestions} onChoose={takeWords} />
          </Suspense>
        )}
        {showFormatHint && (
          <p id={ids.format} className="text-sm text-amber-900">
            Three-word locations are three words separated by dots, with no spaces.
          </p>
        )}
        <LocationButton
          state={reading || detection.state === 'detecting' ? detection.state : 'idle'}
          onClick={detectLocation}
        />
        {/* Its code, and the map's after it, load only once pressed; should that fail, nothing opens. */}
        <Button
          variant="outline"
          onClick={() =>
            import('../map-pin/open-pin-picker.tsx').then(
              (module) => module.openPinPicker(location, takeWords, queryClient),
              () => undefined,
            )
          }
        >
          <MapPin aria-hidden="true" className="h-5 w-5" />
          Choose on the map
        </Button>
        {reading && (
          <Suspense fallback={null}>
            <DetectedPlaceLink href={reading.conversion.map} />
          </Suspense>
        )}
      </div>

      {existing.data && (
        <Suspense fallback={null}>
          <AlreadyReported
            report={existing.data}
            adding={addMyPhoto.isPending}
            onAdd={() => void addToExisting(existing.data!)}
          />
        </Suspense>
      )}

      <div className="flex items-start gap-3">
        <input
          id={ids.offensive}
          type="checkbox"
          checked={offensive}
          onChange={(event) => setOffensive(event.target.checked)}
          className="mt-1 h-6 w-6 shrink-0 accent-civic-800"
        />
        <label htmlFor={ids.offensive} className="text-base text-slate-900">
          <span className="font-semibold">{m.offensiveQuestion}</span>
          <span className="block text-sm text-slate-700">Optional. Tick it and volunteers will clean it first.</span>
        </label>
      </div>

      <div className="grid gap-2">
        <label htmlFor={ids.email} className="text-base font-semibold text-slate-900">
          {messages.followByEmail.label}
        </label>
        <p id={ids.emailHelp} className="text-sm text-slate-700">
          {messages.followByEmail.help}
        </p>
        <input
          id={ids.email}
          name="notifyEmail"
          type="email"
          autoComplete="email"
          placeholder="you@example.org"
          value={notifyEmail}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={[ids.emailHelp, emailError && ids.emailError].filter(Boolean).join(' ')}
          onChange={(event) => {
            setNotifyEmail(event.target.value);
            if (emailError) setEmailError(null);
          }}
          className="min-h-12 w-full rounded-xl border-2 border-slate-500 bg-white px-3 py-2 text-lg text-slate-900 placeholder:text-slate-500 focus:border-civic-800"
        />
        <FieldError id={ids.emailError} message={emailError} />
      </div>

      <div className="grid gap-3">
        <Button type="submit" disabled={submit.isPending} className="min-h-14 w-full text-lg">
          {submit.isPending ? m.submitting : m.submit}
        </Button>
        <p className="text-sm text-slate-700">
          We publish the photo and location, never who sent them. <PrivacyLink />
        </p>
        {/* Always in the page (empty until a report has gone), so screen readers announce it. */}
        <div role="status">
          {receipt && (
            <Suspense fallback={null}>
              <ReportReceipt id={receipt.id} statusToken={receipt.statusToken} />
            </Suspense>
          )}
        </div>
        {/* Always in the page (empty when nothing waits), so screen readers announce a new count. */}
        <div role="status">
          {submit.waiting > 0 && (
            <p className="flex items-start gap-2 rounded-xl border-2 border-amber-700 bg-amber-50 px-4 py-3 text-amber-950">
              <CloudUpload aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <span>
                <strong className="font-semibold">{waitingText(submit.waiting)}</strong>
                <span className="block text-sm">Saved on this phone. It will go by itself when there is signal.</span>
              </span>
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
