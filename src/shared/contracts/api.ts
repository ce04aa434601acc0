// The types of every endpoint, by feature and name as api-routes.ts lists them. The client's typed
// calls are built from this (types only); the check below makes a definition attached to the wrong
// route a compile error.
import type { adminAccessEndpoints } from './admin-access.ts';
import type { alertEndpoints } from './alerts.ts';
import type { analyticsEndpoints } from './analytics.ts';
import type { eventEndpoints, publicEventEndpoints } from './events.ts';
import type { volunteerAuthEndpoints } from './volunteer-auth.ts';
import type { volunteerDashboardEndpoints } from './volunteer-dashboard.ts';
import type { auditLogEndpoints } from './audit-log.ts';
import type { privacyEndpoints } from './privacy.ts';
import type { ApiRoutes } from './api-routes.ts';
import type { locationEndpoints } from './location.ts';
import type { reportFollowUpEndpoints } from './report-follow-up.ts';
import type { reportMapEndpoints } from './report-map.ts';
import type { cleanupEndpoints } from './cleanups.ts';
import type { safetyEndpoints } from './safety.ts';
import type {
  photoRedactionEndpoints,
  reportEndpoints,
  reportLocationEndpoints,
  reportPriorityEndpoints,
} from './reports.ts';
import type { healthEndpoints } from './health.ts';
import type { open311PartnerEndpoints } from './open311-partners.ts';
import type { checkInEndpoints } from './check-in.ts';
import type { eventLogEndpoints } from './event-logs.ts';
import type { recordCertificateEndpoints } from './record-certificates.ts';
import type { reportSiteEndpoints } from './report-sites.ts';
import type { meTooEndpoints } from './me-too.ts';

export interface ApiEndpoints {
  adminAccess: typeof adminAccessEndpoints;
  analytics: typeof analyticsEndpoints;
  events: typeof eventEndpoints;
  volunteerAuth: typeof volunteerAuthEndpoints;
  volunteerDashboard: typeof volunteerDashboardEndpoints;
  alerts: typeof alertEndpoints;
  location: typeof locationEndpoints;
  health: typeof healthEndpoints;
  reports: typeof reportEndpoints;
  cleanups: typeof cleanupEndpoints;
  safety: typeof safetyEndpoints;
  publicEvents: typeof publicEventEndpoints;
  privacy: typeof privacyEndpoints;
  photoRedaction: typeof photoRedactionEndpoints;
  auditLog: typeof auditLogEndpoints;
  reportFollowUp: typeof reportFollowUpEndpoints & typeof reportPriorityEndpoints;
  reportLocations: typeof reportLocationEndpoints;
  reportMap: typeof reportMapEndpoints;
  open311Partners: typeof open311PartnerEndpoints;
  checkIn: typeof checkInEndpoints;
  eventLogs: typeof eventLogEndpoints;
  recordCertificates: typeof recordCertificateEndpoints;
  reportSites: typeof reportSiteEndpoints;
  meToo: typeof meTooEndpoints;
}

type Mismatch = {
  [F in keyof ApiEndpoints]: {
    [N in keyof ApiEndpoints[F]]: F extends keyof ApiRoutes
      ? N extends keyof ApiRoutes[F]
        ? ApiEndpoints[F][N] extends ApiRoutes[F][N]
          ? never
          : `${F & string}.${N & string}`
        : `${F & string}.${N & string}`
      : `${F & string}.${N & string}`;
  }[keyof ApiEndpoints[F]];
}[keyof ApiEndpoints];

/** Names every endpoint whose definition is not attached to the route of the same name. */
export const endpointsMatchTheirRoutes: [Mismatch] extends [never] ? true : Mismatch = true;
