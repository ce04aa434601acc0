// The rules of following a report and of its priority mark that the server and the pages both need.

/** Volunteers are offered a priority site within this distance before any nearer ordinary one. */
export const PRIORITY_RADIUS_METRES = 2000;
/** A priority report still open after this long counts as having waited too long. */
export const PRIORITY_WAIT_HOURS = 24;
/** The window in which one address gets at most a few confirm e-mails. */
export const FOLLOW_MAIL_WINDOW_MINUTES = 15;
/** An address waiting to hear about a report is deleted after this many days at most. */
export const FOLLOWER_RETENTION_DAYS = 90;
