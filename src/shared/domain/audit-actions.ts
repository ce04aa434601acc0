// The administrator actions the audit log records, and how each is said to a person reading the log.

export const AUDIT_ACTIONS = {
  'report.create': 'Created a report',
  'report.edit': 'Edited a report',
  'report.status': 'Changed the status of a report',
  'report.status.bulk': 'Changed the status of several reports at once',
  'report.delete': 'Deleted a report',
  'report.photo.add': 'Added a photo to a report',
  'report.photo.delete': 'Deleted a photo of a report',
  'report.renumber': 'Renumbered all reports',
  'report.priority': 'Set or cleared the priority mark of a report',
  'report.export': 'Downloaded the reports as CSV',
  'daily-progress.export': 'Downloaded the daily progress as CSV',
  'photo.redact': 'Blurred part of a photo',
  'event.create': 'Created a MUCU event',
  'event.edit': 'Edited a MUCU event',
  'event.delete': 'Deleted a MUCU event',
  'event.capacity': 'Changed the places at a MUCU event',
  'attendance.add': 'Recorded MUCU attendance',
  'open311.key.issue': 'Issued an Open311 API key',
  'open311.key.revoke': 'Revoked an Open311 API key',
  'report.refer': 'Referred a report to the body responsible for it',
  'report.referral.resend': 'Sent again a referral that could not be sent',
  'report.referral.withdraw': 'Withdrew a referral: the report is offered to volunteers again',
  'report.owner-consent-needed': "Marked whether a report needs the owner's consent",
  'report.owner-consent-given': "Recorded the owner's consent to clean a report",
  'event-log.approve': 'Approved time and bags at a MUCU event',
  'admin.sign-in': 'Signed in as an administrator',
  'volunteer.erase-inactive': 'Erased an account unused for years (automatic)',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const auditActionLabel = (action: string): string => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

/** How long the log keeps an entry. */
export const AUDIT_LOG_DAYS = 365;
