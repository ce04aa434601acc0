import { route } from '../http.ts';

/** A volunteer's record as a certificate, and its public check page. */
export const recordCertificatesRoutes = {
  list: route('GET', '/api/volunteers/certificates'),
  issue: route('POST', '/api/volunteers/certificates'),
  /** The certificate as a PDF. */
  pdf: route('GET', '/api/volunteers/certificates/:id/pdf'),
  withdraw: route('DELETE', '/api/volunteers/certificates/:id'),
  /** Anyone: the figures a certificate states, by its code; nothing else. */
  verify: route('GET', '/api/verify/:code'),
} as const;
