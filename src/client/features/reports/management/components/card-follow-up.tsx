// A report card's row of marks and follow-up: the priority mark and its toggle, how many people
// reported it or said 'Me too', the owner's consent, the added photos and the site's history. Its code
// loads once the list is shown (report-card.tsx), so the cards' first drawing does not wait for it.
import type { ReportPageItem } from '#shared/contracts/reports.ts';
import { ReportMarks } from '#client/features/reports/follow-up/components/report-marks.tsx';
import type { PreviewPhoto } from './photo-preview-dialog.tsx';
import { AddedPhotos } from './report-photos.tsx';
import { MeTooCount } from './me-too-count.tsx';
import { OwnerConsent } from './owner-consent.tsx';
import { SiteHistory } from './site-history.tsx';

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
      <MeTooCount count={report.meTooCount} />
      <OwnerConsent report={report} />
      <AddedPhotos reportId={report.id} label={label} onPreview={onPreview} />
      <SiteHistory reportId={report.id} />
    </>
  );
}
