// A photo over the upload limit is refused before it is sent, in the report form's words.
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import { messages } from '#shared/domain/messages.ts';
import { toast } from './use-toast.ts';

/** True, with the 'File too large' toast shown, when the photo is over the upload limit. */
export function refusedAsTooLarge(photo: Blob): boolean {
  if (photo.size <= MAX_PHOTO_BYTES) return false;
  toast({
    title: messages.report.fileTooLargeTitle,
    description: messages.report.fileTooLarge,
    variant: 'destructive',
  });
  return true;
}
