import { route } from '../http.ts';

/** Safety and consent before a claim: the volunteer's briefing and age band, and the owner's consent. */
export const safetyRoutes = {
  /** The briefing's text, and whether the signed-in volunteer has accepted it this year. */
  briefing: route('GET', '/api/volunteers/safety'),
  accept: route('POST', '/api/volunteers/safety'),
  /** Administrators: mark a report as needing the owner's consent (or not). */
  consentNeeded: route('PUT', '/api/admin/reports/:id/owner-consent'),
  /** Administrators: record the owner's consent. */
  consentGiven: route('POST', '/api/admin/reports/:id/owner-consent'),
} as const;
