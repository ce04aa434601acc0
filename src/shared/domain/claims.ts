// A volunteer's claim on a site: it lasts 8 hours, then the site returns to the list by itself, so a
// forgotten claim never hides a site. An administrator's Cleaning mark is not a claim and does not lapse.

/** How long a volunteer's claim lasts, and the most minutes one clean-up can count. */
export const CLAIM_LIFETIME_MINUTES = 8 * 60;

/** When a volunteer's claim returns the site to the list (ISO), or null when no volunteer claims it. */
export function claimLapsesAt(report: {
  status: string;
  cleaningVolunteerId: number | null;
  cleaningStartedAt: string | null;
}): string | null {
  if (report.status !== 'cleaning' || report.cleaningVolunteerId === null || report.cleaningStartedAt === null) {
    return null;
  }
  return new Date(new Date(report.cleaningStartedAt).getTime() + CLAIM_LIFETIME_MINUTES * 60_000).toISOString();
}
