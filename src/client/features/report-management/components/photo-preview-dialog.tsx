// The full-size Photo Preview (SPEC.md 2b), with the 'Photo Missing' state when the file is gone.
import { useState } from 'react';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { PhotoMissing } from './report-photo.tsx';

export interface PreviewPhoto {
  url: string;
  alt: string;
  caption: string;
}

export function PhotoPreviewDialog({ photo, onClose }: { photo: PreviewPhoto | null; onClose(): void }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  return (
    <Dialog
      open={photo !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Photo Preview"
      description={photo?.caption}
      size="xl"
    >
      {photo &&
        (failedUrl === photo.url ? (
          <div className="h-72 overflow-hidden rounded-xl">
            <PhotoMissing />
          </div>
        ) : (
          <div className="grid gap-3">
            <img
              src={photo.url}
              alt={photo.alt}
              onError={() => setFailedUrl(photo.url)}
              className="mx-auto max-h-[70dvh] w-auto rounded-xl object-contain"
            />
            <p>
              <a
                href={photo.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-civic-800 underline underline-offset-4"
              >
                Open the photo in a new tab
              </a>
            </p>
          </div>
        ))}
    </Dialog>
  );
}
