// Sharing: the native share sheet where there is one, otherwise the text (and link) to the clipboard.
import { useState } from 'react';
import { toastProblem, toastSuccess } from './use-toast.ts';

/** 'shared' through the share sheet, 'copied' to the clipboard, or 'cancelled' by the person. */
export async function share(data: {
  title: string;
  text: string;
  url?: string;
}): Promise<'shared' | 'copied' | 'cancelled'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // A share sheet that refused (no target, not allowed here): fall back to the clipboard.
    }
  }
  await navigator.clipboard.writeText(data.url ? `${data.text} ${data.url}` : data.text);
  return 'copied';
}

/**
 * A Share button's state and press: `sharing` while the sheet is open; a toast says the text went to the
 * clipboard (in the screen's words), or that sharing failed.
 */
export function useShare(
  shareIt: () => Promise<'shared' | 'copied' | 'cancelled'>,
  copiedTitle: string,
  copied: string,
) {
  const [sharing, setSharing] = useState(false);
  async function onShare() {
    setSharing(true);
    try {
      if ((await shareIt()) === 'copied') toastSuccess(copiedTitle, copied);
    } catch {
      toastProblem('Could not share', 'Please try again.');
    } finally {
      setSharing(false);
    }
  }
  return { sharing, onShare };
}
