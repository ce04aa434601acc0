// The clean-ups feature as other features see it: a clean-up as the API shows it.
export { toCleanupRecord } from './cleanups.service.ts';
