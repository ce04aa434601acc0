// One cleaned site on the dashboard: 'Site #id', the date, the time worked, a Completed badge, the location,
// the before and after photos (each opens full size in a new tab), the notes and 'Share This Cleanup'.
// The time can be corrected down with a note; its form's code loads when it is first opened.
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { CalendarDays, CircleCheck, Clock, ExternalLink, MapPin, Share2, type LucideIcon } from 'lucide-react';
import type { CleanupRecord } from '#shared/contracts/cleanups.ts';
import { formatDate, formatMinutes } from '#shared/domain/format.ts';
import { dashboardMessages as m } from '#shared/domain/volunteer-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useShare } from '#client/lib/share.ts';
import { shareCleanup } from '../share-cleanup.ts';

const CleanupTimeForm = lazy(() => import('./cleanup-time-form.tsx').then((m) => ({ default: m.CleanupTimeForm })));

/** One fact of the card: an icon that stands for a label only screen readers need. */
function Fact({
  icon: Icon,
  label,
  wide = false,
  children,
}: {
  icon: LucideIcon;
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`flex items-center gap-2 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt>
        <Icon aria-hidden="true" className="h-4 w-4 text-civic-700" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="break-all">{children}</dd>
    </div>
  );
}

function PhotoLink({
  href,
  thumbnail,
  label,
  place,
}: {
  href: string;
  thumbnail: string;
  label: string;
  place: string;
}) {
  const [missing, setMissing] = useState(false);
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="group grid gap-1 text-sm font-semibold text-civic-800"
    >
      <span className="relative block aspect-[4/3] overflow-hidden rounded-xl bg-stone-200">
        {missing ? (
          <span className="absolute inset-0 grid place-items-center p-2 text-center text-slate-700">Photo Missing</span>
        ) : (
          <img
            src={thumbnail}
            alt={`${label} photo of ${place}`}
            loading="lazy"
            onError={() => setMissing(true)}
            className="absolute inset-0 h-full w-full object-cover"
          />
        )}
      </span>
      <span className="inline-flex items-center gap-1 underline underline-offset-4">
        {label}
        <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
        <span className="sr-only">(opens in a new tab)</span>
      </span>
    </a>
  );
}

export function CleanupCard({ cleanup }: { cleanup: CleanupRecord }) {
  const { sharing, onShare } = useShare(() => shareCleanup(cleanup), m.sharedTitle, m.shared);
  const place = cleanup.report.what3words ? `///${cleanup.report.what3words}` : `site #${cleanup.reportId}`;
  const [correcting, setCorrecting] = useState(false);
  const correctButton = useRef<HTMLButtonElement>(null);

  return (
    <li className="grid gap-3 rounded-2xl border border-stone-300 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold text-civic-900">Site #{cleanup.reportId}</h3>
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">
          <CircleCheck aria-hidden="true" className="h-4 w-4" />
          {m.completedBadge}
        </span>
      </div>
      <dl className="grid gap-1 text-slate-800 sm:grid-cols-2">
        <Fact icon={CalendarDays} label="Cleaned on">
          {formatDate(cleanup.completedAt)}
        </Fact>
        <Fact icon={Clock} label="Time worked">
          {formatMinutes(cleanup.hoursWorked)}
          {cleanup.measuredMinutes !== null && cleanup.measuredMinutes !== cleanup.hoursWorked && (
            <span className="text-slate-700"> (corrected from {formatMinutes(cleanup.measuredMinutes)})</span>
          )}
        </Fact>
        <Fact icon={MapPin} label="Location" wide>
          {cleanup.report.locationLink ? (
            <a
              href={cleanup.report.locationLink}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-civic-800 underline underline-offset-4"
            >
              {place}
              <span className="sr-only"> (map, opens in a new tab)</span>
            </a>
          ) : (
            place
          )}
        </Fact>
      </dl>
      <div className="grid max-w-md grid-cols-2 gap-3">
        <PhotoLink href={cleanup.beforePhotoUrl} thumbnail={cleanup.beforeThumbnailUrl} label="Before" place={place} />
        <PhotoLink href={cleanup.afterPhotoUrl} thumbnail={cleanup.afterThumbnailUrl} label="After" place={place} />
      </div>
      {cleanup.notes && <p className="rounded-xl bg-stone-light p-3 text-slate-800">{cleanup.notes}</p>}
      {cleanup.timeNote && (
        <p className="text-slate-800">
          <span className="font-semibold">Time corrected:</span> {cleanup.timeNote}
        </p>
      )}
      {correcting && (
        <Suspense fallback={<p className="text-slate-700">Opening the form...</p>}>
          <CleanupTimeForm
            cleanup={cleanup}
            onDone={() => {
              setCorrecting(false);
              correctButton.current?.focus();
            }}
          />
        </Suspense>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void onShare()} disabled={sharing}>
          <Share2 aria-hidden="true" className="h-5 w-5" />
          {m.share}
        </Button>
        <Button
          ref={correctButton}
          variant="ghost"
          aria-expanded={correcting}
          onClick={() => setCorrecting(!correcting)}
          className="text-civic-800 underline underline-offset-4"
        >
          Correct the time<span className="sr-only"> of site #{cleanup.reportId}</span>
        </Button>
      </div>
    </li>
  );
}
