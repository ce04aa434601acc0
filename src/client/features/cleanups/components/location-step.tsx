// Step 1, the location: the graffiti's photo (tap for full size, and whether an administrator blurred
// part of it), how far away it is, and
// 'I want to clean it up' or 'Find another site'. The photo's code (with its full-size dialog) loads
// with the first site found, in a box of the photo's own size until then.
import { lazy, Suspense, type RefObject } from 'react';
import { MapPin, Search, Sparkles } from 'lucide-react';
import { REPORT_STATUS_LABELS } from '#shared/domain/report-status.ts';
import { findMessages as m } from '#shared/domain/volunteer-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PhotoEditedNote } from '#client/components/ui/photo-edited-note.tsx';
import type { Site } from '../find-workflow.ts';
import { distanceText } from '#shared/domain/format.ts';

const SitePhoto = lazy(() => import('./site-photo.tsx').then((module) => ({ default: module.SitePhoto })));

interface LocationStepProps {
  site: Site;
  /** Chosen by the volunteer from the sites near them, rather than found as the nearest. */
  chosen?: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  starting: boolean;
  searching: boolean;
  onCleanIt(): void;
  onFindAnother(): void;
}

export function LocationStep({
  site,
  chosen = false,
  headingRef,
  starting,
  searching,
  onCleanIt,
  onFindAnother,
}: LocationStepProps) {
  const { report, distance } = site;
  const place = report.what3words ? `///${report.what3words}` : `report #${report.id}`;
  return (
    <div className="grid gap-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-civic-900 outline-none">
        {chosen ? 'The site you chose' : 'Nearest graffiti'}
      </h2>
      <Suspense fallback={<div className="aspect-[4/3] w-full rounded-2xl bg-stone-200" />}>
        <SitePhoto key={report.id} thumbnailUrl={report.thumbnailUrl} photoUrl={report.photoUrl} place={place} />
      </Suspense>
      {report.photoRedacted && <PhotoEditedNote className="-mt-2" />}
      <dl className="grid gap-2 text-slate-800">
        {distance !== null && (
          <div className="flex items-baseline gap-2">
            <dt className="sr-only">Distance</dt>
            <dd className="text-2xl font-bold text-civic-900">{distanceText(distance)} away</dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <dt>
            <MapPin aria-hidden="true" className="h-5 w-5 text-civic-700" />
            <span className="sr-only">Location</span>
          </dt>
          <dd className="break-all font-semibold">
            {report.what3words ? `///${report.what3words}` : 'No three-word location'}
          </dd>
        </div>
        {report.description && (
          <div>
            <dt className="sr-only">Description</dt>
            <dd>{report.description}</dd>
          </div>
        )}
        <div>
          <dt className="sr-only">Status</dt>
          <dd className="text-sm text-slate-700">{REPORT_STATUS_LABELS[report.status]}</dd>
        </div>
      </dl>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button onClick={onCleanIt} disabled={starting || searching} className="min-h-14 text-lg">
          <Sparkles aria-hidden="true" className="h-5 w-5" />
          {starting ? m.starting : m.cleanIt}
        </Button>
        <Button variant="outline" onClick={onFindAnother} disabled={starting || searching} className="min-h-14 text-lg">
          <Search aria-hidden="true" className="h-5 w-5" />
          {searching ? m.finding : m.findAnother}
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        'I want to clean it up' opens the site on a map in a new tab and marks it as being cleaned by you.
      </p>
    </div>
  );
}
