// The graffiti's photo on the location step: a thumbnail in a reserved box; tapping it opens the
// full-size photo in a dialog. A photo that cannot be loaded shows the spec's 'Photo Missing'.
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ImageOff, Maximize2, X } from 'lucide-react';
import { reportEditMessages } from '#shared/domain/report-edit-messages.ts';

export function SitePhoto({
  thumbnailUrl,
  photoUrl,
  place,
}: {
  thumbnailUrl: string;
  photoUrl: string;
  place: string;
}) {
  const [missing, setMissing] = useState(false);
  if (missing) {
    return (
      <div className="grid aspect-[4/3] w-full place-items-center rounded-2xl border-2 border-stone-300 bg-stone-100 p-4 text-center text-slate-700">
        <div className="grid justify-items-center gap-2">
          <ImageOff aria-hidden="true" className="h-8 w-8" />
          <p className="font-semibold text-slate-900">{reportEditMessages.photoMissingTitle}</p>
          <p className="text-sm">{reportEditMessages.photoMissing}</p>
        </div>
      </div>
    );
  }
  return (
    <Dialog.Root>
      <Dialog.Trigger className="group relative block aspect-[4/3] w-full overflow-hidden rounded-2xl bg-stone-200">
        <img
          src={thumbnailUrl}
          alt={`Graffiti at ${place}`}
          onError={() => setMissing(true)}
          className="absolute inset-0 h-full w-full object-cover"
        />
        <span className="absolute bottom-2 right-2 inline-flex items-center gap-1 rounded-lg bg-white/90 px-2 py-1 text-sm font-semibold text-civic-900">
          <Maximize2 aria-hidden="true" className="h-4 w-4" />
          Tap for full size
        </span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col gap-3 p-3 outline-none sm:p-8"
        >
          <div className="flex items-center justify-between gap-2 text-white">
            <Dialog.Title className="text-lg font-semibold">Graffiti at {place}</Dialog.Title>
            <Dialog.Close className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-3 font-semibold text-civic-900">
              <X aria-hidden="true" className="h-5 w-5" />
              Close
            </Dialog.Close>
          </div>
          <img src={photoUrl} alt={`Graffiti at ${place}, full size`} className="min-h-0 flex-1 object-contain" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
