// The follow-up feature as other features see it: the retention job's delete of addresses that waited
// too long for their confirm link.
export { deleteFollowersBefore } from './follow-up.repository.ts';
