// The words of photo redaction, shared by the server's answers and the administrators' screens.
import { MAX_REDACTION_AREAS } from './limits.ts';

export const redactionMessages = {
  noArea: 'Draw at least one area to blur.',
  tooManyAreas: `At most ${MAX_REDACTION_AREAS} areas can be blurred at once.`,
  areaOutside: 'Each area must lie inside the photo.',
  photoNotFound: 'That photo is not stored any more. Refresh the list and try again.',
  photoChanged: 'The photo was changed by someone else meanwhile. Refresh the list and try again.',
  /** Shown on a report whose photo an administrator blurred. */
  edited: 'Photo edited to protect privacy',
} as const;
