// The sessions feature as other features see it: sign-in sessions, their lifetimes and their rows.
export { sessionLifetimes, sessionsService } from './sessions.service.ts';
export { sessionsRepository } from './sessions.repository.ts';
