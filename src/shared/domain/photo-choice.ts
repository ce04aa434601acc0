// Whether a chosen file can go up as a photo, decided the moment it is chosen rather than after an
// upload: over the limit, empty (a photo not yet saved), or of a type that is not a photo. A file whose
// type the browser does not know passes: the server reads its bytes and has the last word.
import { MAX_PHOTO_BYTES } from './limits.ts';
import { messages } from './messages.ts';

/** The toast's title and text for a file that cannot be sent as a photo; null when it may go. */
export function photoChoiceProblem(file: {
  size: number;
  type: string;
}): { title: string; description: string } | null {
  const m = messages.report;
  if (file.size > MAX_PHOTO_BYTES) return { title: m.fileTooLargeTitle, description: m.fileTooLarge };
  if (file.size === 0) return { title: m.unsupportedTypeTitle, description: m.unreadableImage };
  if (file.type && !/^image\/(?!svg)/.test(file.type)) {
    return { title: m.unsupportedTypeTitle, description: m.unsupportedType };
  }
  return null;
}
