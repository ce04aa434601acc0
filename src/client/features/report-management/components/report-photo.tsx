// A stored photo in a reserved box (no layout shift), or, when it cannot be loaded, the spec's
// 'Photo Missing' state with its data-recovery explanation.
import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { managementMessages } from '../../../../shared/domain/admin-messages.ts';

export function PhotoMissing({ small = false }: { small?: boolean }) {
  return (
    <div className={`grid h-full w-full place-items-center bg-stone-200 text-center text-slate-800 ${small ? 'p-2 text-xs' : 'p-3'}`}>
      <div className="grid justify-items-center gap-1">
        <ImageOff aria-hidden="true" className="h-6 w-6 text-slate-600" />
        <p className="font-semibold">
          {managementMessages.photoMissingTitle}
        </p>
        <p className={small ? '' : 'text-sm'}>{managementMessages.photoMissing}</p>
      </div>
    </div>
  );
}

export function ReportPhoto({ src, alt, className = '', onMissing }: { src: string; alt: string; className?: string; onMissing?: () => void }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return <PhotoMissing small />;
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
