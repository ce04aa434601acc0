// The server's refusals about photos sent ahead of their reports. The phone never shows them: it sends
// the report with its photo instead. Kept apart from the form's words, which the home page loads first.
export const stagedPhotoMessages = {
  /** A report refers to a photo sent ahead that is no longer waiting (used, expired, or another browser's). */
  gone: 'The photo sent ahead is no longer waiting. Please send the report with the photo.',
  photoAndReference: 'Send the photo or the reference of the photo sent ahead, not both.',
  busy: 'Too many photos are waiting for their reports just now. Please try again in a minute.',
} as const;
