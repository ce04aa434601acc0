// Signed-in test requests: an administrator through the real passcode call, a volunteer through the
// sessions service (the same rows the sign-in makes), and a stored photo to hang rows on.
import { cityTime } from '#shared/domain/city-clock.ts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '#server/db/client.ts';
import { systemClock } from '#server/clock.ts';
import { sessionsRepository } from '#server/features/sessions/sessions.repository.ts';
import { sessionsService } from '#server/features/sessions/sessions.service.ts';
import { findOrRegisterVolunteer } from '#server/features/volunteers/volunteers.service.ts';
import { processPhoto, storePhoto } from '#server/features/photos/photo-pipeline.ts';
import type { PhotoStorage } from '#server/features/photos/photo-storage.ts';
import { TEST_ADMIN_PASSCODE } from './build-test-app.ts';
import { plainJpeg } from './fixture-photos.ts';

export type Cookies = Record<string, string>;

/** Signs in with the administrator passcode; answers the cookies of that session. */
export async function adminCookies(app: FastifyInstance, remoteAddress = '192.0.2.10'): Promise<Cookies> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/auth',
    payload: { passcode: TEST_ADMIN_PASSCODE },
    remoteAddress,
  });
  const cookie = response.cookies.find((c) => c.name === 'cue_admin');
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`administrator sign-in failed: ${response.statusCode} ${response.body}`);
  return { cue_admin: cookie.value };
}

/** A volunteer session for this address (registering the volunteer at first use). */
export async function volunteerSession(
  database: DatabaseHandle,
  email = 'ailsa@example.org',
): Promise<{ cookies: Cookies; volunteerId: number }> {
  const { volunteer } = await findOrRegisterVolunteer(database.db, { email }, new Date());
  // Someone 16 or over who has accepted this year's safety briefing, so they may claim a site.
  await database.db
    .insertInto('volunteer_safety')
    .values({
      volunteer_id: volunteer.id,
      briefing_year: cityTime(new Date()).year,
      accepted_at: new Date().toISOString(),
      age_band: '16-or-over',
    })
    .onConflict((oc) => oc.column('volunteer_id').doNothing())
    .execute();
  const sessions = sessionsService({ repository: sessionsRepository(database.db), clock: systemClock });
  const { token } = await sessions.start('volunteer', volunteer.id);
  return { cookies: { cue_session: token }, volunteerId: volunteer.id };
}

/** Stores a small photo and answers its key. */
export async function storedPhotoKey(storage: PhotoStorage): Promise<string> {
  return storePhoto(storage, await processPhoto(await plainJpeg()));
}
