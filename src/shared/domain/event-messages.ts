// Wording of the MUCU events, copied exactly where the spec gives it. Server refusals and client toasts
// share it. Kept apart from the management dashboard's words, which the administrators' dashboard loads first.

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
