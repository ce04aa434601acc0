// The clean-ups feature as other features see it: a clean-up as the API shows it, and the writes of
// the cleanups table that erasure needs.
export { toCleanupRecord } from './cleanups.service.ts';
export { cleanupsRepository } from './cleanups.repository.ts';
