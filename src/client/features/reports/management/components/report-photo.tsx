// A stored photo in a reserved box (no layout shift), or, when it cannot be loaded, the spec's
// 'Photo Missing' state (photo-missing.tsx).
import { useState } from 'react';
import { lazyDialog } from '#client/components/ui/lazy-dialog.tsx';

// The 'Photo Missing' state shows only for a photo that could not be loaded: its code loads then.
const PhotoMissing = lazyDialog(() => import('./photo-missing.tsx').then((m) => m.PhotoMissing));

export function ReportPhoto({ src, alt, onMissing }: { src: string; alt: string; onMissing?: () => void }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // It stands where the <img> would (inside preview buttons), so it is phrasing content.
  if (failedSrc === src) return <PhotoMissing small inline />;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => {
        setFailedSrc(src);
        onMissing?.();
      }}
      className="h-full w-full object-cover"
    />
  );
}
