// The full-size Photo Preview, with the 'Photo Missing' state when the file is gone. Administrators can blur
// parts of the photo here to protect privacy (the redaction editor).
import { useState } from 'react';
import { EyeOff } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { adminFlag } from '#client/features/admin-access/admin-flag.ts';
import { PhotoMissing } from './photo-missing.tsx';
import { RedactPhotoEditor } from './redact-photo-editor.tsx';

export interface PreviewPhoto {
  url: string;
  alt: string;
  caption: string;
}

export function PhotoPreviewDialog({ photo, onClose }: { photo: PreviewPhoto | null; onClose(): void }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  // After a redaction the dialog shows the new photo (the old address no longer exists).
  const [replaced, setReplaced] = useState<Record<string, string>>({});
  const url = photo ? (replaced[photo.url] ?? photo.url) : null;

  function close() {
    setEditing(false);
    onClose();
  }

  return (
    <Dialog
      open={photo !== null}
      onOpenChange={(open) => !open && close()}
      title={editing ? 'Blur part of the photo' : 'Photo Preview'}
      description={photo?.caption}
      size="xl"
    >
      {photo &&
        url &&
        (failedUrl === url ? (
          <div className="h-72 overflow-hidden rounded-xl">
            <PhotoMissing />
          </div>
        ) : editing ? (
          <RedactPhotoEditor
            photoUrl={url}
            alt={photo.alt}
            onCancel={() => setEditing(false)}
            onDone={(result) => {
              setReplaced((map) => ({ ...map, [photo.url]: result.photoUrl }));
              setEditing(false);
            }}
          />
        ) : (
          <div className="grid gap-3">
            <img
              src={url}
              alt={photo.alt}
              onError={() => setFailedUrl(url)}
              className="mx-auto max-h-[70dvh] w-auto rounded-xl object-contain"
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center font-semibold text-civic-800 underline underline-offset-4"
              >
                Open the photo in a new tab
              </a>
              {adminFlag.get() && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <EyeOff aria-hidden="true" className="h-5 w-5" />
                  Blur part of the photo
                </Button>
              )}
            </div>
          </div>
        ))}
    </Dialog>
  );
}
