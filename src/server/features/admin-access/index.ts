// The administrator passcode sessions as other features see them: how long a wrong passcode counts.
export { ADMIN_WINDOW_MS } from './admin-access.service.ts';
