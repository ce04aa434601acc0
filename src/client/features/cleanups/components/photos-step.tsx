// Step 2, 'Upload Before & After Photos': two pickers; 'Upload photos' only with both.
import type { RefObject } from 'react';
import { CloudUpload, MapPin } from 'lucide-react';
import { findMessages as m } from '#shared/domain/volunteer-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import type { Site } from '../find-workflow.ts';
import { PhotoPicker } from './photo-picker.tsx';

interface PhotosStepProps {
  site: Site;
  headingRef: RefObject<HTMLHeadingElement | null>;
  before: File | null;
  after: File | null;
  onChoose(file: File, which: 'before' | 'after'): void;
  onUpload(): void;
  onGiveUp(): void;
  releasing: boolean;
}

export function PhotosStep({
  site,
  headingRef,
  before,
  after,
  onChoose,
  onUpload,
  onGiveUp,
  releasing,
}: PhotosStepProps) {
  const ready = before !== null && after !== null;
  return (
    <div className="grid gap-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-civic-900 outline-none">
        {m.photosHeading}
      </h2>
      <p className="flex items-center gap-2 text-slate-800">
        <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-civic-700" />
        <span>
          You are cleaning{' '}
          <strong className="break-all">
            {site.report.what3words ? `///${site.report.what3words}` : `report #${site.report.id}`}
          </strong>
          {site.locationLink && (
            <>
              {' '}
              (
              <a
                href={site.locationLink}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-civic-800 underline underline-offset-4"
              >
                map<span className="sr-only">, opens in a new tab</span>
              </a>
              )
            </>
          )}
        </span>
      </p>
      <div className="grid grid-cols-2 gap-3">
        <PhotoPicker label="Before" file={before} onChoose={(file) => onChoose(file, 'before')} />
        <PhotoPicker label="After" file={after} onChoose={(file) => onChoose(file, 'after')} />
      </div>
      {!ready && (
        <p className="text-sm text-slate-700">Add a photo from before you started and one of the clean wall.</p>
      )}
      <Button onClick={onUpload} disabled={!ready} className="min-h-14 text-lg">
        <CloudUpload aria-hidden="true" className="h-5 w-5" />
        {m.uploadPhotos}
      </Button>
      <Button
        variant="ghost"
        onClick={onGiveUp}
        disabled={releasing}
        className="justify-self-start text-civic-800 underline underline-offset-4"
      >
        I can't clean this site after all
      </Button>
    </div>
  );
}
