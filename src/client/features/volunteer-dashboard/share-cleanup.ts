// 'Share This Cleanup' (see lib/share.ts).
// The text names the place, the date and the time worked, with the community clean-up's hashtags.
import type { CleanupRecord } from '#shared/contracts/cleanups.ts';
import { formatDate, formatMinutes } from '#shared/domain/format.ts';
import { CITY_NAME } from '#shared/domain/messages.ts';
import { SHARE_HASHTAGS } from '#shared/domain/volunteer-messages.ts';
import { share } from '#client/lib/share.ts';

export function shareText(cleanup: CleanupRecord, siteUrl: string): string {
  const place = cleanup.report.what3words ? ` at ///${cleanup.report.what3words}` : '';
  return (
    `I cleaned up graffiti${place} in ${CITY_NAME} on ${formatDate(cleanup.completedAt)} ` +
    `(${formatMinutes(cleanup.hoursWorked)} of work) with Clean Up ${CITY_NAME}. ` +
    `Join in: ${siteUrl} ${SHARE_HASHTAGS.join(' ')}`
  );
}

export function shareCleanup(cleanup: CleanupRecord) {
  return share({ title: `Clean Up ${CITY_NAME}`, text: shareText(cleanup, `${window.location.origin}/`) });
}
