// The reports feature as other features see it: the one repository that writes the reports table, a
// report as the API shows it, its location link, and the management list's queries.
export {
  findReportById,
  newStatusToken,
  reportsRepository,
  type Box,
  type ReportEdit,
  type ReportRow,
} from './reports.repository.ts';
export { toReportPhotoResponse, toReportResponse, type ReportsService } from './reports.service.ts';
export { locationLinkOf } from './location-link.ts';
export type { ReportListRepository } from './report-list.repository.ts';
