// The administrator passcode sessions as other features see them: how long a wrong passcode counts,
// what the metrics hear of the passcode's checks, and the wrong passcodes' rows.
export { ADMIN_WINDOW_MS, type AdminPasscodeEvent } from './admin-access.service.ts';
export { adminAttemptsRepository } from './admin-attempts.repository.ts';
