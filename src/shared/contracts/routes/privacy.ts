import { route } from '../http.ts';

export const privacyRoutes = {
  /** The deployment's facts the privacy notice shows (who runs the service, how long things are kept). */
  notice: route('GET', '/api/privacy'),
  /** The signed-in volunteer's data, as one zip. */
  myData: route('GET', '/api/volunteers/me/data'),
  /** Erases the signed-in volunteer's account. */
  eraseAccount: route('DELETE', '/api/volunteers/me'),
} as const;
