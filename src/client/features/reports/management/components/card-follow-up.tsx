// A report card's row of marks and follow-up: the priority mark and its toggle, how many people
// reported it or said 'Me too', the owner's consent, the added photos and the site's history. Its code
// loads once the list is shown (report-card.tsx), so the cards' first drawing does not wait for it.
import { lazy } from 'react';
import { Users } from 'lucide-react';
import type { ReportPageItem } from '#shared/contracts/reports.ts';
import { meTooMessages } from '#shared/domain/me-too-messages.ts';
import { siteMessages } from '#shared/domain/site-messages.ts';
import { ReportMarks } from '#client/features/reports/follow-up/components/report-marks.tsx';
import type { PreviewPhoto } from './photo-preview-dialog.tsx';
import { CardDisclosure } from './card-disclosure.tsx';
import { OwnerConsent } from './owner-consent.tsx';

// The added photos (progress photos from volunteers and administrators), and what deletes them; the
// site's history ('reported 4 times since March, last cleaned 12 days ago'): each loaded once opened.
const AddedPhotoList = lazy(() => import('./added-photo-list.tsx').then((m) => ({ default: m.AddedPhotoList })));
const HistoryLine = lazy(() => import('./site-history-line.tsx').then((m) => ({ default: m.HistoryLine })));

export function CardFollowUp({
  report,
  label,
  onPreview,
}: {
  report: ReportPageItem;
  label: string;
  onPreview(photo: PreviewPhoto): void;
}) {
  return (
    <>
      <ReportMarks report={report} />
      {report.meTooCount > 0 && (
        <span className="inline-flex items-center gap-1 rounded-full border border-slate-500 bg-white px-2.5 py-0.5 text-sm font-semibold text-slate-800">
          <Users aria-hidden="true" className="h-3.5 w-3.5" />
          {meTooMessages.count(report.meTooCount)}
        </span>
      )}
      <OwnerConsent report={report} />
      <CardDisclosure label="Added photos" loading="Loading photos...">
        {(id) => <AddedPhotoList id={id} reportId={report.id} label={label} onPreview={onPreview} />}
      </CardDisclosure>
      <CardDisclosure
        label={siteMessages.historyButton}
        loading={siteMessages.historyLoading}
        loadingClass="text-slate-800"
      >
        {(id) => <HistoryLine id={id} reportId={report.id} />}
      </CardDisclosure>
    </>
  );
}
