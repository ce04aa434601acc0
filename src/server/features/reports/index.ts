// The reports feature as other features see it: the one repository that writes the reports and
// report_photos tables, a report as the API shows it, and its location link.
export { findReportById, newStatusToken, reportsRepository, type ReportRow } from './reports.repository.ts';
export { toReportPhotoResponse, toReportResponse } from './reports.service.ts';
export { locationLinkOf } from './location-link.ts';
