// The events feature as other features see it: whether a stored event date can be shown.
export { hasReadableDate } from './events.repository.ts';
