// The privacy calls: the notice's facts, and a signed-in volunteer's erasure. The download is a plain
// link (the browser saves the zip itself).
import { useQuery } from '@tanstack/react-query';
import { privacyApi } from '#client/lib/calls/privacy.ts';
import { useSigningOut } from '#client/features/volunteer-auth/api/volunteer-session.ts';

export function usePrivacyNotice() {
  return useQuery({ queryKey: [privacyApi.notice.url()], queryFn: () => privacyApi.notice() });
}

/** The address of the volunteer's data download (a zip). */
export const myDataUrl = () => privacyApi.myData.url();

export const useEraseAccount = () => useSigningOut(() => privacyApi.eraseAccount());
