// Wording of the management dashboard, copied exactly where the spec gives it. Server refusals and client
// toasts share it. The MUCU events' words (event-messages.ts) and the analytics tab's (analytics-messages.ts)
// are kept apart: the dashboard's first load carries its own words only.

export const managementMessages = {
  /** The mark on an offensive report, offered to volunteers first, and its button. */
  priorityBadge: 'Priority',
  markPriority: 'Mark as priority',
  clearPriority: 'Clear priority',
  noReportsTitle: 'No Reports Found',
  /** Beside a volunteer's claim: when the site returns to the list by itself. */
  claimLapsesLabel: 'Claim lapses:',
  /** Beside a report not cleaned yet: its service level's clock ("due in 3 days", "overdue by 2 hours"). */
  serviceClockLabel: 'Target:',
  noReports: 'No graffiti reports have been submitted yet.',
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
    updateStatus: 'Error updating status',
    createManualReport: 'Error creating manual report',
    deleteReport: 'Error deleting report',
    renumberReports: 'Error renumbering reports',
    uploadPhoto: 'Error uploading photo',
    deletePhoto: 'Error deleting photo',
  },
  uploadFailed: 'Failed to upload photo',
} as const;
