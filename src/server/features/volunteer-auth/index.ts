// The volunteer sign-in feature as other features see it: a volunteer as the API shows them, and the
// sign-in links' rows.
export { toVolunteerResponse } from './volunteer-auth.service.ts';
export { signInTokensRepository } from './sign-in-tokens.repository.ts';
