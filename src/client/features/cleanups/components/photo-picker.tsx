// One of the photos step's two pickers: a large tap target reading 'Tap to add photo' that opens the
// camera (or the library), then shows the chosen photo in the same reserved box (or, for a photo this
// browser cannot draw, says that it will be sent all the same).
import { useId } from 'react';
import { Camera } from 'lucide-react';
import { findMessages } from '#shared/domain/volunteer-messages.ts';
import { PhotoPreview } from '#client/components/ui/photo-preview.tsx';

interface PhotoPickerProps {
  label: string;
  file: File | null;
  onChoose(file: File): void;
}

export function PhotoPicker({ label, file, onChoose }: PhotoPickerProps) {
  const id = useId();
  return (
    <div className="grid content-start gap-2">
      <span id={`${id}-label`} className="font-semibold text-slate-900">
        {label}
      </span>
      <label
        htmlFor={id}
        className="@container relative grid aspect-[4/3] w-full cursor-pointer place-items-center overflow-hidden rounded-2xl border-2 border-dashed border-civic-700 bg-civic-50 text-civic-800 focus-within:outline focus-within:outline-3 focus-within:outline-accent-600"
      >
        {file ? (
          <PhotoPreview file={file} alt={`The ${label.toLowerCase()} photo you chose`}>
            <span className="absolute bottom-2 right-2 rounded-lg bg-white/90 px-2 py-1 text-sm font-semibold text-civic-900">
              Change
            </span>
          </PhotoPreview>
        ) : (
          <span className="grid justify-items-center gap-2 p-4 text-center">
            <Camera aria-hidden="true" className="h-8 w-8" />
            <span className="font-semibold">{findMessages.tapToAdd}</span>
          </span>
        )}
        <input
          id={id}
          name={`${label.toLowerCase()}Photo`}
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={`${label} photo`}
          className="sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onChoose(chosen);
            event.target.value = '';
          }}
        />
      </label>
    </div>
  );
}
