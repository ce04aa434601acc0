// The reports feature as other features see it: the one repository that writes the reports and
// report_photos tables, a report as the API shows it, its location link, the retention job's delete
// of follow-up addresses that waited too long for their confirm link, and the read-only query of
// reports' public records (Open311, open data).
export { findReportById, newStatusToken, reportsRepository, type ReportRow } from './reports.repository.ts';
export { toReportPhotoResponse, toReportResponse } from './reports.service.ts';
export { locationLinkOf } from './location-link.ts';
export { deleteFollowersBefore } from './follow-up/follow-up.repository.ts';
export {
  publicReportsRepository,
  type PublicReportFilter,
  type PublicReportRow,
  type PublicReportsRepository,
} from './public-reports.repository.ts';
