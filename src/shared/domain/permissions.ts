// Who may call what. Every API route declares one of these; the server enforces it in one place, and
// administrators may do everything volunteers may.

export const ACCESS_LEVELS = ['public', 'volunteer', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export const accessMessages = {
  signInRequired: 'Please sign in as a volunteer to continue.',
  adminRequired: 'Administrator access is required. Please sign in with the access code.',
  adminOnly: 'Only administrators can do that.',
  adminEmailRequired: 'Sign in as a volunteer with an administrator e-mail address first, then enter the access code.',
} as const;
