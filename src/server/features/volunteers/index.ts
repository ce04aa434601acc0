// The volunteers feature as other features see it: finding or registering a volunteer by address, and
// their rows.
export { findOrRegisterVolunteer } from './volunteers.service.ts';
export { volunteersRepository, type VolunteerRow } from './volunteers.repository.ts';
