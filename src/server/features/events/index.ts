// The events feature as other features see it: whether a stored event date can be shown, and the
// events' rows.
export { eventsRepository, hasReadableDate } from './events.repository.ts';
