// The opened list of a report's added photos, each deleted by name after a warning. Its code loads
// when a card's 'Added photos' is first opened.
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { reportEditMessages } from '#shared/domain/report-edit-messages.ts';
import { formatDate } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogActions } from '#client/components/ui/dialog.tsx';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { describeError } from '#client/lib/api-client.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useDeleteReportPhoto, useReportPhotos } from '../api/use-report-photos.ts';
import type { PreviewPhoto } from './photo-preview-dialog.tsx';
import { ReportPhoto } from './report-photo.tsx';

export function AddedPhotoList({
  id,
  reportId,
  label,
  onPreview,
}: {
  id: string;
  reportId: number;
  label: string;
  onPreview(photo: PreviewPhoto): void;
}) {
  const photos = useReportPhotos(reportId);
  const remove = useDeleteReportPhoto();
  const [deleteTarget, setDeleteTarget] = useState<{ photoId: number; name: string } | null>(null);

  async function onConfirmDelete() {
    if (!deleteTarget) return;
    try {
      await remove.mutateAsync({ id: reportId, photoId: deleteTarget.photoId });
      toastSuccess(reportEditMessages.photoDeleted);
      setDeleteTarget(null);
    } catch (error) {
      errorToast(reportEditMessages.errors.deletePhoto, error);
    }
  }

  return (
    <>
      <div id={id} className="basis-full">
        {photos.isPending && <p className="text-sm text-slate-700">Loading photos...</p>}
        {photos.isError && <p className="text-sm text-red-800">{describeError(photos.error).message}</p>}
        {photos.data?.length === 0 && (
          <p className="text-sm text-slate-700">No photos have been added to this report.</p>
        )}
        {photos.data && photos.data.length > 0 && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.data.map((photo, index) => {
              const name = `photo ${index + 1} of ${label}`;
              const caption = [
                photo.description,
                photo.uploadedBy && `by ${photo.uploadedBy}`,
                formatDate(photo.createdAt),
              ]
                .filter(Boolean)
                .join(' · ');
              return (
                <li key={photo.id} className="grid gap-1 text-sm">
                  <button
                    type="button"
                    onClick={() =>
                      onPreview({
                        url: photo.photoUrl,
                        alt: photo.description ?? `${photo.photoType} photo`,
                        caption,
                      })
                    }
                    className="aspect-[4/3] overflow-hidden rounded-lg bg-stone-100"
                  >
                    <ReportPhoto src={photo.thumbnailUrl} alt={photo.description ?? `${photo.photoType} photo`} />
                  </button>
                  <span className="text-slate-700">{caption}</span>
                  <Button
                    variant="ghost"
                    className="min-h-11 justify-start px-2 text-red-800"
                    onClick={() => setDeleteTarget({ photoId: photo.id, name })}
                    aria-label={`Delete ${name}`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Delete photo
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Dialog
        open={deleteTarget !== null}
        onOpenChange={(next) => !next && setDeleteTarget(null)}
        role="alertdialog"
        title={deleteTarget ? `Delete ${deleteTarget.name}?` : 'Delete photo?'}
        description={reportEditMessages.deletePhotoConfirm}
        size="sm"
      >
        <DialogActions
          onCancel={() => setDeleteTarget(null)}
          onConfirm={() => void onConfirmDelete()}
          danger
          label="Delete Photo"
          pendingLabel="Deleting..."
          pending={remove.isPending}
        />
      </Dialog>
    </>
  );
}
