// Wording of changing a report from the management dashboard (its edit, its deletion, its photos, a
// manual report), copied exactly where the spec gives it. Server refusals and client toasts share it.
// Kept apart from the list's words (admin-messages.ts): these load with the dialogs and forms that say them.

export const reportEditMessages = {
  /** A stored photo that cannot be loaded, wherever it stands. */
  photoMissingTitle: 'Photo Missing',
  photoMissing: 'The original photo for this location is no longer available. This may be a data recovery issue.',
  missingFieldsTitle: 'Missing required fields',
  missingFields: 'Please provide both a photo and What3Words location.',
  manualReportCreated: 'Manual report created successfully',
  noFileTitle: 'No file selected',
  noFile: 'Please select a photo to upload.',
  photoDeleted: 'Photo deleted successfully!',
  deletePhotoConfirm: 'This will permanently delete this photo from the report. This action cannot be undone.',
  deleteReportConfirm:
    'This will permanently delete the report, its photos and its clean-up records. This action cannot be undone.',
  reportNotFound: 'Report not found',
  photoNotFound: 'Photo not found',
  errors: {
    updateReport: 'Error updating report',
    createManualReport: 'Error creating manual report',
    deleteReport: 'Error deleting report',
    // No screen says it while renumbering has no button; it stays with the rest of the catalogue.
    renumberReports: 'Error renumbering reports',
    uploadPhoto: 'Error uploading photo',
    deletePhoto: 'Error deleting photo',
  },
  uploadFailed: 'Failed to upload photo',
} as const;
