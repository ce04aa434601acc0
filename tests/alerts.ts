// Helpers for the volunteer-alert suites: a volunteer session on the test's own clock, choices made
// through the real API, and a report submitted the way the public submits one.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { sessionsRepository } from '#server/features/sessions/sessions.repository.ts';
import { sessionsService } from '#server/features/sessions/sessions.service.ts';
import { findOrRegisterVolunteer } from '#server/features/volunteers/volunteers.service.ts';
import type { AlertPreferencesInput } from '#shared/contracts/alerts.ts';
import { multipartBody } from './build-test-app.ts';
import type { TestSubscription } from './fake-push-service.ts';
import { plainJpeg } from './fixture-photos.ts';

export interface AlertVolunteer {
  id: number;
  email: string;
  cookies: Record<string, string>;
}

/** Registers the volunteer and starts a session on the given clock (the app's). */
export async function alertVolunteer(database: DatabaseHandle, clock: Clock, email: string): Promise<AlertVolunteer> {
  const { volunteer } = await findOrRegisterVolunteer(database.db, { email }, clock.now());
  const { token } = await sessionsService({ repository: sessionsRepository(database.db), clock }).start(
    'volunteer',
    volunteer.id,
  );
  return { id: volunteer.id, email, cookies: { cue_session: token } };
}

export async function choose(app: FastifyInstance, volunteer: AlertVolunteer, choices: Partial<AlertPreferencesInput>) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/alerts/preferences',
    cookies: volunteer.cookies,
    payload: { push: false, email: 'off', radiusKm: null, centre: null, ...choices },
  });
  if (response.statusCode !== 200) throw new Error(`choosing alerts failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function addDevice(app: FastifyInstance, volunteer: AlertVolunteer, subscription: TestSubscription) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/alerts/push-subscriptions',
    cookies: volunteer.cookies,
    payload: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
  });
  if (response.statusCode !== 201) throw new Error(`adding a device failed: ${response.statusCode} ${response.body}`);
}

let photo: Buffer | undefined;

/** Submits a public report; answers its id. */
export async function submitReport(
  app: FastifyInstance,
  fields: { what3words: string; latitude?: number; longitude?: number; description?: string; offensive?: boolean },
): Promise<{ id: number; ms: number }> {
  photo ??= await plainJpeg();
  const values: Record<string, string> = { what3words: fields.what3words };
  if (fields.description) values.description = fields.description;
  if (fields.offensive) values.offensive = 'true';
  if (fields.latitude !== undefined) values.latitude = String(fields.latitude);
  if (fields.longitude !== undefined) values.longitude = String(fields.longitude);
  const { payload, headers } = await multipartBody(values, {
    photo: { data: photo, name: 'wall.jpg', type: 'image/jpeg' },
  });
  const started = performance.now();
  const response = await app.inject({ method: 'POST', url: '/api/reports', payload, headers });
  const ms = performance.now() - started;
  if (response.statusCode !== 201) throw new Error(`report failed: ${response.statusCode} ${response.body}`);
  return { id: (response.json() as { id: number }).id, ms };
}
