import { route } from '../http.ts';

/** Each wall's history: 'It's back' on a cleaned site, a site's history, the most re-tagged sites. */
export const reportSitesRoutes = {
  itsBack: route('POST', '/api/reports/:id/back'),
  history: route('GET', '/api/admin/reports/:id/site-history'),
  mostRetagged: route('GET', '/api/admin/analytics/retagged-sites'),
} as const;
