// A stored photo in a reserved box (no layout shift), or, when it cannot be loaded, the spec's
// 'Photo Missing' state with its data-recovery explanation.
import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { managementMessages } from '#shared/domain/admin-messages.ts';

/**
 * The 'Photo Missing' state. `inline` renders spans only (phrasing content), for use inside a button
 * or wherever an <img> could stand.
 */
export function PhotoMissing({ small = false, inline = false }: { small?: boolean; inline?: boolean }) {
  const Box = inline ? 'span' : 'div';
  const Text = inline ? 'span' : 'p';
  return (
    <Box
      className={`grid h-full w-full place-items-center bg-stone-200 text-center text-slate-800 ${small ? 'p-2 text-xs' : 'p-3'}`}
    >
      <Box className="grid justify-items-center gap-1">
        <ImageOff aria-hidden="true" className="h-6 w-6 text-slate-600" />
        <Text className="block font-semibold">{managementMessages.photoMissingTitle}</Text>
        <Text className={`block ${small ? '' : 'text-sm'}`}>{managementMessages.photoMissing}</Text>
      </Box>
    </Box>
  );
}

export function ReportPhoto({
  src,
  alt,
  className = '',
  onMissing,
}: {
  src: string;
  alt: string;
  className?: string;
  onMissing?: () => void;
}) {
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
      className={`h-full w-full object-cover ${className}`}
    />
  );
}
