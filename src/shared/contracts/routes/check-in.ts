import { route } from '../http.ts';

/** Checking in at a MUCU event: the organiser's changing code, and a volunteer checking in with it. */
export const checkInRoutes = {
  /** The organiser's screen: this minute's code and link, and how many have checked in. */
  show: route('GET', '/api/admin/mucus/:id/check-in'),
  /** A signed-in volunteer checks in with the code (from the link, or typed). */
  checkIn: route('POST', '/api/check-ins'),
} as const;
