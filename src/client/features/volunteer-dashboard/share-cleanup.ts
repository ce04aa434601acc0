// 'Share This Cleanup': the native share sheet where there is one, otherwise the text goes to the clipboard.
// The text names the place, the date and the time worked, with the community clean-up's hashtags.
import type { CleanupRecord } from '#shared/contracts/cleanups.ts';
import { formatDate, formatMinutes } from '#shared/domain/format.ts';
import { CITY_NAME } from '#shared/domain/messages.ts';
import { SHARE_HASHTAGS } from '#shared/domain/volunteer-messages.ts';

export function shareText(cleanup: CleanupRecord, siteUrl: string): string {
  const place = cleanup.report.what3words ? ` at ///${cleanup.report.what3words}` : '';
  return (
    `I cleaned up graffiti${place} in ${CITY_NAME} on ${formatDate(cleanup.completedAt)} ` +
    `(${formatMinutes(cleanup.hoursWorked)} of work) with Clean Up ${CITY_NAME}. ` +
    `Join in: ${siteUrl} ${SHARE_HASHTAGS.join(' ')}`
  );
}

/** 'shared' through the share sheet, 'copied' to the clipboard, or 'cancelled' by the person. */
export async function shareCleanup(cleanup: CleanupRecord): Promise<'shared' | 'copied' | 'cancelled'> {
  const siteUrl = `${window.location.origin}/`;
  const text = shareText(cleanup, siteUrl);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `Clean Up ${CITY_NAME}`, text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // A share sheet that refused (no target, not allowed here): fall back to the clipboard.
    }
  }
  await navigator.clipboard.writeText(text);
  return 'copied';
}
