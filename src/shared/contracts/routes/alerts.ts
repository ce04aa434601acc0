import { route } from '../http.ts';

export const alertsRoutes = {
  preferences: route('GET', '/api/alerts/preferences'),
  savePreferences: route('PUT', '/api/alerts/preferences'),
  vapidPublicKey: route('GET', '/api/alerts/vapid-public-key'),
  addPushSubscription: route('POST', '/api/alerts/push-subscriptions'),
  removePushSubscription: route('DELETE', '/api/alerts/push-subscriptions'),
  /** The one-click unsubscribe link in every alert e-mail (`?token=`); works signed out. */
  unsubscribePage: route('GET', '/api/alerts/unsubscribe'),
  unsubscribe: route('POST', '/api/alerts/unsubscribe'),
  summary: route('GET', '/api/admin/alerts-summary'),
} as const;
