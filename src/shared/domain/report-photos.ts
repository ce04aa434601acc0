// The kinds of photo added to a report after it was made (the report's own photo, and a clean-up's
// before and after photos, are kept elsewhere).

/**
 * 'progress': from the volunteer cleaning the site, or an administrator; 'reporter': from someone who
 * reported it too ('Add my photo to it').
 */
export type ReportPhotoType = 'progress' | 'reporter';

/** The kinds a photo may be uploaded as through `POST /api/reports/:id/photos`. */
export const UPLOADED_PHOTO_TYPES = ['progress'] as const satisfies readonly ReportPhotoType[];

export const reportPhotoMessages = {
  unknownType: `photoType must be ${UPLOADED_PHOTO_TYPES.map((type) => `'${type}'`).join(' or ')}`,
} as const;
