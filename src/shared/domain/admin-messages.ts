// Wording of the management dashboard's list and its cards, copied exactly where the spec gives it. The
// words of changing a report (report-edit-messages.ts), of the MUCU events (event-messages.ts) and of the
// analytics tab (analytics-messages.ts) are kept apart: the dashboard's first load carries the list's only.

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
  errors: {
    updateStatus: 'Error updating status',
  },
} as const;
