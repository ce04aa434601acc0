// Route '/report/:token': the private status page of one report, for the person who made it (no
// account: the link is the key). The photo, the three-word location with its map link, the dates, the
// status in the site's words, and once cleaned the after photo beside the before; a photo an
// administrator blurred says so; while it is open, 'Me too' for whoever else has seen it. Nothing about
// who reported or cleaned it.
import { lazy, Suspense } from 'react';
import { ExternalLink, MapPin, Users } from 'lucide-react';
import { Link, useParams } from 'wouter';
import type { ReportStatusPage as ReportStatusData } from '#shared/contracts/report-follow-up.ts';
import { followUpMessages as m } from '#shared/domain/follow-up-messages.ts';
import { messages } from '#shared/domain/messages.ts';
import { formatUkDate } from '#shared/domain/format.ts';
import { routes } from '#shared/routes.ts';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { PhotoEditedNote } from '#client/components/ui/photo-edited-note.tsx';
import { PageSpinner } from '#client/components/ui/page-spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useReportStatus } from '../api/use-report-status.ts';
import { FollowForm } from './follow-form.tsx';

/** Loaded once the report is shown: nothing of it is needed for the page's first view. */
const MeTooSection = lazy(() => import('./me-too.tsx').then((module) => ({ default: module.MeTooSection })));
import { StatusLabel } from './status-label.tsx';
import { ItsBack } from './its-back.tsx';

export default function ReportStatusPage() {
  const { token } = useParams<{ token: string }>();
  const status = useReportStatus(token);
  useDocumentTitle(`${status.data ? m.statusPageTitle(status.data.id) : 'Your report'} | Clean Up Edinburgh`);

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-5 py-8">
      {status.isPending ? (
        <PageSpinner label="Loading your report..." />
      ) : status.isError ? (
        status.error instanceof ApiError && status.error.status === 404 ? (
          <div className="grid gap-3">
            <h1 className="text-3xl font-bold text-civic-900">{m.notFoundTitle}</h1>
            <p className="text-slate-700">{m.notFound}</p>
            <p>
              <Link href={routes.home} className="font-semibold text-civic-800 underline underline-offset-4">
                Report graffiti
              </Link>
            </p>
          </div>
        ) : (
          <LoadFailed
            message="Your report could not be loaded. Check your connection, then try again."
            onRetry={() => void status.refetch()}
          />
        )
      ) : (
        <StatusDetails report={status.data} token={token} />
      )}
    </div>
  );
}

function Photo({ src, alt, caption }: { src: string; alt: string; caption: string | null }) {
  return (
    <figure className="grid gap-2">
      <img src={src} alt={alt} className="aspect-[4/3] w-full rounded-2xl border border-stone-warm object-cover" />
      {caption && <figcaption className="font-semibold text-slate-900">{caption}</figcaption>}
    </figure>
  );
}

function StatusDetails({ report, token }: { report: ReportStatusData; token: string }) {
  const cleaned = report.status === 'completed';
  return (
    <>
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold text-civic-900">{m.statusPageTitle(report.id)}</h1>
        <p>
          <StatusLabel status={report.status} completedAt={report.completedAt} />
        </p>
      </header>

      <div className={`grid gap-4 ${report.afterPhotoUrl ? 'sm:grid-cols-2' : ''}`}>
        <Photo src={report.photoUrl} alt="The graffiti as reported" caption={report.afterPhotoUrl && m.before} />
        {report.afterPhotoUrl && (
          <Photo src={report.afterPhotoUrl} alt="The same place after cleaning" caption={m.after} />
        )}
      </div>
      {report.photoRedacted && <PhotoEditedNote className="-mt-3" />}

      <dl className="grid gap-3 rounded-2xl border border-stone-warm bg-white p-5 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-700">Three-word location</dt>
          <dd className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <MapPin aria-hidden="true" className="h-5 w-5 text-civic-700" />
            {report.locationLink ? (
              <a
                href={report.locationLink}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-1 text-civic-800 underline underline-offset-4"
              >
                {report.what3words} <ExternalLink aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only">(map, opens in a new tab)</span>
              </a>
            ) : (
              report.what3words
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Reported</dt>
          <dd className="font-semibold text-slate-900">{formatUkDate(report.reportedAt)}</dd>
        </div>
        {report.completedAt && (
          <div>
            <dt className="text-sm text-slate-700">Cleaned</dt>
            <dd className="font-semibold text-slate-900">{formatUkDate(report.completedAt)}</dd>
          </div>
        )}
        {report.reporterCount > 1 && (
          <div>
            <dt className="sr-only">Reporters</dt>
            <dd className="flex items-center gap-2 font-semibold text-slate-900">
              <Users aria-hidden="true" className="h-5 w-5 text-civic-700" />
              {messages.report.peopleReported(report.reporterCount)}
            </dd>
          </div>
        )}
      </dl>

      {!cleaned && (
        <Suspense fallback={null}>
          <MeTooSection
            reportId={report.id}
            level={2}
            className="grid gap-3 rounded-2xl border border-stone-warm bg-white p-5 text-slate-900"
          />
        </Suspense>
      )}

      {!cleaned && (
        <section
          aria-labelledby="follow-title"
          className="grid gap-3 rounded-2xl border border-stone-warm bg-stone-warm/40 p-5"
        >
          <h2 id="follow-title" className="text-xl font-bold text-slate-900">
            {messages.followByEmail.label}
          </h2>
          <FollowForm token={token} />
        </section>
      )}

      {cleaned && <ItsBack reportId={report.id} what3words={report.what3words} askedByEmail />}
      <p>
        <Link
          href={routes.home}
          className="inline-flex min-h-11 items-center font-semibold text-civic-800 underline underline-offset-4"
        >
          Report more graffiti
        </Link>
      </p>
    </>
  );
}
