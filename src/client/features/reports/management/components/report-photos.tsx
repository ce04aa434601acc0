// A report's added photos (progress photos from volunteers and administrators), shown on request so
// the list does not fetch every report's photos, nor load the code that shows and deletes them.
import { lazy, Suspense, useId, useState } from 'react';
import type { PreviewPhoto } from './photo-preview-dialog.tsx';
import { CardIcon } from './card-icons.tsx';

const AddedPhotoList = lazy(() => import('./added-photo-list.tsx').then((m) => ({ default: m.AddedPhotoList })));

export function AddedPhotos({
  reportId,
  label,
  onPreview,
}: {
  reportId: number;
  label: string;
  onPreview(photo: PreviewPhoto): void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  // The photos, and what deletes them, exist only once asked for: a page of cards carries none of it.
  return (
    // A disclosure (its state in aria-expanded). Its parts sit in the card's row of actions, the list
    // of photos on a line of its own below.
    <div className="contents">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="inline-flex min-h-11 items-center gap-1 self-start rounded-lg px-1 text-sm font-semibold text-civic-800 underline-offset-4 hover:underline"
      >
        <CardIcon name="chevron-down" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        Added photos
      </button>
      {open && (
        <Suspense
          fallback={
            <p id={listId} className="basis-full text-sm text-slate-700">
              Loading photos...
            </p>
          }
        >
          <AddedPhotoList id={listId} reportId={reportId} label={label} onPreview={onPreview} />
        </Suspense>
      )}
    </div>
  );
}
