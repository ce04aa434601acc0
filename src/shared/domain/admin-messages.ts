// Wording of the administrator screens, the management dashboard and MUCU events, copied exactly where the spec gives it. Server refusals and client toasts share it.

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

export const eventMessages = {
  nameSuffix: ' MUCU',
  locationAndDateRequired: 'Please provide both location and date for the MUCU event.',
  invalidDate: 'Please enter a valid date and time for the MUCU event.',
  invalidMapsLink: 'The maps link must be a web address starting with https:// or http://.',
  attendanceRequired: 'Please select a MUCU event and provide volunteer email.',
  invalidEmail: 'Please enter a valid email address.',
  eventNotFound: 'MUCU event not found',
  alreadyAttending: 'This volunteer is already recorded as attending this MUCU event.',
  unknownVolunteerTitle: 'New volunteer?',
  unknownVolunteer: (email: string) =>
    `No volunteer has used ${email} yet. Check the address, or add them as a new volunteer.`,
  addAsNewVolunteer: 'Add as new volunteer',
  attendanceBeforeStart:
    "This MUCU event has not started yet. Attendance can be added once it starts; volunteers who plan to come say 'I'll be there' on the event's page.",
  notStartedYet: 'not started yet',
  deleteConfirm:
    'Are you sure you want to delete this MUCU event? This will also remove all attendance records. This action cannot be undone.',
  signInToCreateTitle: 'Authentication Required',
  signInToCreate: 'Please sign in as a volunteer to create MUCU events',
  /** A volunteer's events in 24 hours are capped; `wait` is how long until another may be created ('19 hours'). */
  tooManyEvents: (most: number, wait: string) =>
    `You can create at most ${most} MUCU events in 24 hours. Please try again in ${wait}.`,
  noEvents: 'No MUCU events found.',
  created: 'MUCU event created',
  attendanceAdded: 'Attendance added',
  updated: 'MUCU updated',
  deleted: 'MUCU deleted',
  errors: {
    create: 'Error creating MUCU',
    update: 'Error updating MUCU',
    delete: 'Error deleting MUCU',
    attendance: 'Error adding attendance',
  },
} as const;

export const analyticsMessages = {
  errorTitle: 'Error Loading Analytics',
  noDataTitle: 'No Data Available',
  dailyProgressError: 'Failed to load daily progress data',
  noProgress: 'No progress data available',
  noVolunteers: 'No volunteers found',
  last30Days: 'Showing last 30 days. Export CSV for complete data.',
  never: 'Never',
  /** Under 'Total Sites Cleaned', which counts every completed report. */
  sitesCleanedDetail: (cleanups: number) =>
    `Completed reports; ${cleanups === 1 ? '1 clean-up' : `${cleanups} clean-ups`} recorded with photos`,
  volunteerCleanupsColumn: 'Clean-ups With Photos',
} as const;
