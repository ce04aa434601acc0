// The administrator passcode sessions as other features see them: how long a wrong passcode counts,
// and the wrong passcodes' rows.
export { ADMIN_WINDOW_MS } from './admin-access.service.ts';
export { adminAttemptsRepository } from './admin-attempts.repository.ts';
