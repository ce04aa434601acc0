// Under the chosen photo while it goes up ahead of its report: "Sending photo... 60%", then "Photo sent"
// (announced once). It watches the upload itself, so the progress redraws these words and not the form
// the reporter is typing in. Nothing shows when the photo could not go ahead: the report carries it.
import { useEffect, useState } from 'react';
import { messages } from '#shared/domain/messages.ts';
import type { StagedUpload, StagingProgress } from '../api/stage-photo.ts';

export function PhotoSending({ staged }: { staged: Promise<StagedUpload> }) {
  // The progress of the upload it was told by: another photo's upload starts with nothing shown.
  const [told, setTold] = useState<{ by: Promise<StagedUpload>; progress: StagingProgress } | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    staged.then(
      (upload) => {
        if (!gone) stop = upload.watch((progress) => setTold({ by: staged, progress }));
      },
      () => undefined,
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [staged]);
  const progress = told?.by === staged ? told.progress : null;
  if (!progress || progress.kind === 'not-sent') return null;
  const sent = progress.kind === 'sent';
  return (
    <p className="text-sm text-slate-700">
      <span aria-hidden="true">
        {sent ? messages.report.photoSent : messages.report.sendingPhoto(progress.percent)}
      </span>
      <span role="status" className="sr-only">
        {sent ? messages.report.photoSent : ''}
      </span>
    </p>
  );
}
