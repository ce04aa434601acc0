import { route } from '../http.ts';

/** Following a report: its status page by private token, e-mail when cleaned, 'Already reported here'. */
export const reportFollowUpRoutes = {
  status: route('GET', '/api/report-status/:token'),
  follow: route('POST', '/api/report-status/:token/follow'),
  /** The link in the confirmation e-mail (`?token=`): GET shows one button, POST confirms. */
  confirmPage: route('GET', '/api/report-follow/confirm'),
  confirm: route('POST', '/api/report-follow/confirm'),
  /** The one-click unsubscribe link in every e-mail about a followed report (`?token=`). */
  unsubscribePage: route('GET', '/api/report-follow/unsubscribe'),
  unsubscribe: route('POST', '/api/report-follow/unsubscribe'),
  alreadyReported: route('GET', '/api/reports/already-reported'),
  addConfirmation: route('POST', '/api/reports/:id/confirmations'),
  setPriority: route('PUT', '/api/admin/reports/:id/priority'),
} as const;
