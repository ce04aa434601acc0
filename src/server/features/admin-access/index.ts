// The administrator passcode sessions as other features see them: how long a wrong passcode counts,
// and what the metrics hear of the passcode's checks.
export { ADMIN_WINDOW_MS, type AdminPasscodeEvent } from './admin-access.service.ts';
