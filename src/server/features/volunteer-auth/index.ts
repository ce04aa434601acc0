// The volunteer sign-in feature as other features see it: a volunteer as the API shows them.
export { toVolunteerResponse } from './volunteer-auth.service.ts';
