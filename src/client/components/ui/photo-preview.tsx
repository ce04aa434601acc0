// A chosen photo drawn in its reserved box (a positioned container query box: `relative @container`). A
// browser that cannot draw the photo (an iPhone's HEIC on most desktop browsers) says so in its place
// rather than showing a broken image: the photo is sent as it is all the same, and the server reads it.
import { useState, type ReactNode } from 'react';
import { messages } from '#shared/domain/messages.ts';
import { useObjectUrl } from '#client/lib/use-object-url.ts';

/** `children` are drawn over the photo (a 'Change' label), and only when the photo itself is drawn. */
export function PhotoPreview({ file, alt, children }: { file: Blob; alt: string; children?: ReactNode }) {
  const url = useObjectUrl(file);
  // The address that failed to draw: another photo chosen later gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  if (!url) return null;
  return failed === url ? (
    <span className="absolute inset-0 grid place-items-center p-2 text-center text-sm font-semibold @3xs:p-6 @3xs:text-base">
      {messages.report.previewUnavailable}
    </span>
  ) : (
    <>
      <img src={url} alt={alt} onError={() => setFailed(url)} className="absolute inset-0 h-full w-full object-cover" />
      {children}
    </>
  );
}
