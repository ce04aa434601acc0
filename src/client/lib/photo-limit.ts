// A chosen file that cannot go up as a photo is refused as soon as it is chosen, in the report form's words.
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import { messages } from '#shared/domain/messages.ts';
import { photoChoiceProblem } from '#shared/domain/photo-choice.ts';
import { toast, toastProblem } from './use-toast.ts';

/** True, with the 'File too large' toast shown, when the photo is over the upload limit. */
export function refusedAsTooLarge(photo: Blob): boolean {
  if (photo.size <= MAX_PHOTO_BYTES) return false;
  toastProblem(messages.report.fileTooLargeTitle, messages.report.fileTooLarge);
  return true;
}

/** True, with a toast saying why, when a chosen file cannot go up as a photo (see photoChoiceProblem). */
export function refusedBeforeSending(file: Blob): boolean {
  const problem = photoChoiceProblem(file);
  if (problem) toast({ ...problem, variant: 'destructive' });
  return problem !== null;
}
