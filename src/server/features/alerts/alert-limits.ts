// The numbers of volunteer alerts: how many reports one message names and carries, and how many
// devices a volunteer keeps.

/** Reports named one by one in a push notification and in an e-mail; the rest are counted ("and 3 more"). */
export const LISTED_IN_PUSH = 3;
export const LISTED_IN_EMAIL = 20;
/** The newest reports a push notification carries for the page it opens. */
export const REPORTS_IN_PUSH = 10;
/** Devices kept per volunteer; the oldest go first. */
export const MAX_DEVICES = 10;
