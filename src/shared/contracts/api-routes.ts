// Every route of the API, once: its method and path, grouped by the feature that owns it. The feature
// contracts give each route its schemas (`endpoint()`), the server registers it from there, and the
// client calls it by the same name. Kept free of zod: the pages import this table, not the schemas.
// Each feature's routes are a module of their own under `routes/`, so a page's bundle carries only the
// routes it calls.
import { healthRoutes } from './routes/health.ts';
import { reportsRoutes } from './routes/reports.ts';
import { reportFollowUpRoutes } from './routes/report-follow-up.ts';
import { reportMapRoutes } from './routes/report-map.ts';
import { locationRoutes } from './routes/location.ts';
import { adminAccessRoutes } from './routes/admin-access.ts';
import { eventsRoutes } from './routes/events.ts';
import { publicEventsRoutes } from './routes/public-events.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { volunteerAuthRoutes } from './routes/volunteer-auth.ts';
import { volunteerDashboardRoutes } from './routes/volunteer-dashboard.ts';
import { cleanupsRoutes } from './routes/cleanups.ts';
import { safetyRoutes } from './routes/safety.ts';
import { alertsRoutes } from './routes/alerts.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { photoRedactionRoutes } from './routes/photo-redaction.ts';
import { reportLocationsRoutes } from './routes/report-locations.ts';
import { auditLogRoutes } from './routes/audit-log.ts';
import { openDataRoutes } from './routes/open-data.ts';
import { open311PartnersRoutes } from './routes/open311-partners.ts';
import { checkInRoutes } from './routes/check-in.ts';
import { eventLogsRoutes } from './routes/event-logs.ts';
import { recordCertificatesRoutes } from './routes/record-certificates.ts';
import { reportSitesRoutes } from './routes/report-sites.ts';
import { meTooRoutes } from './routes/me-too.ts';

export const apiRoutes = {
  health: healthRoutes,
  reports: reportsRoutes,
  reportFollowUp: reportFollowUpRoutes,
  reportMap: reportMapRoutes,
  location: locationRoutes,
  adminAccess: adminAccessRoutes,
  events: eventsRoutes,
  publicEvents: publicEventsRoutes,
  analytics: analyticsRoutes,
  volunteerAuth: volunteerAuthRoutes,
  volunteerDashboard: volunteerDashboardRoutes,
  cleanups: cleanupsRoutes,
  safety: safetyRoutes,
  alerts: alertsRoutes,
  privacy: privacyRoutes,
  photoRedaction: photoRedactionRoutes,
  reportLocations: reportLocationsRoutes,
  auditLog: auditLogRoutes,
  openData: openDataRoutes,
  open311Partners: open311PartnersRoutes,
  checkIn: checkInRoutes,
  eventLogs: eventLogsRoutes,
  recordCertificates: recordCertificatesRoutes,
  reportSites: reportSitesRoutes,
  meToo: meTooRoutes,
} as const;

export type ApiRoutes = typeof apiRoutes;
