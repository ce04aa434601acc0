// Volunteers are registered automatically at first use of their e-mail address, by sign-in, by a clean-up
// linked to an address, or by an administrator recording attendance.
import type { Db } from '#server/db/client.ts';
import { volunteersRepository, type VolunteerRow } from './volunteers.repository.ts';

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Finds the volunteer with this address, registering them if new; a given name fills an empty one. */
export async function findOrRegisterVolunteer(
  db: Db,
  input: { email: string; name?: string | null },
  now: Date,
): Promise<{ volunteer: VolunteerRow; created: boolean }> {
  const repository = volunteersRepository(db);
  const name = input.name?.trim() || null;
  const result = await repository.findOrCreate(normaliseEmail(input.email), name, now.toISOString());
  if (!result.created && name && !result.volunteer.name) {
    await repository.setName(result.volunteer.id, name);
    result.volunteer = { ...result.volunteer, name };
  }
  return result;
}
