// Helpers for the privacy suites: a volunteer who has every kind of row the service can keep about a
// person (made through the real API), reading a zip answer, and every table's rows for a search.
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import yauzl from 'yauzl';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { PushSender } from '#server/features/alerts/push-sender.ts';
import { multipartBody } from './build-test-app.ts';
import { plainJpeg } from './fixture-photos.ts';
import { adminCookies } from './sessions.ts';
import { placeReport, signInVolunteer, type KeptMail, type MovableClock } from './volunteers.ts';

const MINUTE = 60_000;

/** Push delivery at the edge of the world: every message is taken. */
export const acceptingPushSender: PushSender = { publicKey: 'test', send: async () => 'sent' };

export interface FullVolunteer {
  email: string;
  name: string;
  cookie: string;
  /** A report the volunteer cleaned, and one they are cleaning now. */
  cleanedReportId: number;
  claimedReportId: number;
  eventId: number;
}

async function ok(response: { statusCode: number; body: string }, expected: number, what: string) {
  if (response.statusCode !== expected) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
}

/**
 * A volunteer with a row in every table that can name them: sign-in e-mails and a session, alert
 * choices and a device, alerts sent, a clean-up with photos (and its achievement), a progress photo on
 * a site they are cleaning, MUCU attendance recorded by an administrator, and an administrator action
 * they took while signed in as themselves.
 */
export async function volunteerWithEverything(
  app: FastifyInstance,
  db: Db,
  clock: MovableClock,
  mailer: KeptMail,
  { email, name }: { email: string; name: string },
): Promise<FullVolunteer> {
  const cookie = await signInVolunteer(app, mailer, email, name);
  const headers = { cookie };
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await ok(
    await app.inject({
      method: 'PUT',
      url: '/api/alerts/preferences',
      headers,
      payload: { push: true, email: 'instant', radiusKm: 40, centre: { latitude: 55.95, longitude: -3.19 } },
    }),
    200,
    'alert choices',
  );
  await ok(
    await app.inject({
      method: 'POST',
      url: '/api/alerts/push-subscriptions',
      headers,
      payload: {
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
    }),
    201,
    'device',
  );

  // A public report: alerted to the volunteer by push and e-mail.
  const photo = { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' };
  const report = await multipartBody({ what3words: 'rally.census.refuse' }, { photo });
  await ok(await app.inject({ method: 'POST', url: '/api/reports', ...report }), 201, 'report');
  await app.outbox.drain();

  // A clean-up with before and after photos (earns the first achievement).
  const cleanedReportId = await placeReport(db, {
    latitude: 55.95,
    longitude: -3.19,
    what3words: 'multiply.recipe.sadness',
  });
  await ok(
    await app.inject({
      method: 'PATCH',
      url: `/api/reports/${cleanedReportId}/status`,
      payload: { status: 'cleaning' },
      headers,
    }),
    200,
    'claim',
  );
  clock.advance(45 * MINUTE);
  const complete = await multipartBody(
    { reportId: String(cleanedReportId), volunteerEmail: email, notes: `Cleaned by ${name}` },
    { beforePhoto: photo, afterPhoto: photo },
  );
  await ok(
    await app.inject({
      method: 'POST',
      url: '/api/cleanup/complete',
      payload: complete.payload,
      headers: { ...complete.headers, cookie },
    }),
    200,
    'complete',
  );

  // A site they are cleaning now, with a progress photo.
  const claimedReportId = await placeReport(db, { latitude: 55.951, longitude: -3.191, what3words: 'aisle.zone.lens' });
  await ok(
    await app.inject({
      method: 'PATCH',
      url: `/api/reports/${claimedReportId}/status`,
      payload: { status: 'cleaning' },
      headers,
    }),
    200,
    'second claim',
  );
  const progress = await multipartBody({ photoType: 'progress', description: 'Halfway' }, { photos: photo });
  await ok(
    await app.inject({
      method: 'POST',
      url: `/api/reports/${claimedReportId}/photos`,
      payload: progress.payload,
      headers: { ...progress.headers, cookie },
    }),
    201,
    'progress photo',
  );

  // An administrator records their MUCU attendance; then they act as an administrator themselves.
  const admin = await adminCookies(app);
  const event = await app.inject({
    method: 'POST',
    url: '/api/mucus',
    cookies: admin,
    payload: { name: 'Leith Walk MUCU', location: 'Leith Walk', date: '2026-12-05T10:00:00.000Z', mapsLink: null },
  });
  await ok(event, 201, 'event');
  const eventId = (event.json() as { id: number }).id;
  // They say they will come to it, and keep event e-mails on.
  await ok(await app.inject({ method: 'PUT', url: `/api/events/${eventId}/rsvp`, headers }), 200, 'rsvp');
  await ok(
    await app.inject({ method: 'PUT', url: '/api/volunteers/event-emails', headers, payload: { emailsOn: true } }),
    200,
    'event e-mails',
  );
  // The administrator records that they came to one that has taken place.
  const pastEvent = await app.inject({
    method: 'POST',
    url: '/api/mucus',
    cookies: admin,
    payload: { location: 'Leith Links', date: '2026-11-14T10:00:00.000Z', mapsLink: null },
  });
  await ok(pastEvent, 201, 'past event');
  await ok(
    await app.inject({
      method: 'POST',
      url: '/api/admin/mucu-attendance',
      cookies: admin,
      payload: {
        mucuId: (pastEvent.json() as { id: number }).id,
        volunteerEmail: email,
        notes: `${name} brought brushes`,
      },
    }),
    201,
    'attendance',
  );
  // They log their time and bags at it.
  await ok(
    await app.inject({
      method: 'PUT',
      url: `/api/volunteers/event-logs/${(pastEvent.json() as { id: number }).id}`,
      headers,
      payload: { minutes: 95, bags: 3 },
    }),
    200,
    'time and bags',
  );
  // They download a certificate of their record.
  await ok(
    await app.inject({
      method: 'POST',
      url: '/api/volunteers/certificates',
      headers,
      payload: { from: '2026-01-01', to: '2026-11-21' },
    }),
    201,
    'certificate',
  );
  const sessionValue = cookie.split('=')[1]!;
  await ok(
    await app.inject({
      method: 'PATCH',
      url: `/api/reports/${claimedReportId}`,
      cookies: { ...admin, cue_session: sessionValue },
      payload: { what3words: 'aisle.zone.lens', description: 'Tag on the bin store' },
    }),
    200,
    'admin edit',
  );
  return { email, name, cookie, cleanedReportId, claimedReportId, eventId };
}

/** Every column, in every table, that points at a volunteer. */
export async function volunteerColumns(db: Db): Promise<{ table: string; column: string }[]> {
  // The introspection lists the tables of the connection's own schema only.
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => !table.name.startsWith('kysely_'))
    .flatMap((table) =>
      table.columns
        .filter((column) => column.name === 'volunteer_id' || column.name.endsWith('_volunteer_id'))
        .map((column) => ({ table: table.name, column: column.name })),
    )
    .concat([{ table: 'volunteers', column: 'id' }]);
}

/** Every row of every table as text, for searching for a name or an address. */
export async function everyRowAsText(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await db.introspection.getTables()) {
    if (table.name.startsWith('kysely_')) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    out[table.name] = JSON.stringify(rows.rows);
  }
  return out;
}

/** The entries of a zip, by name. */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * A report carrying every kind of personal data a public answer must never show (a description naming
 * someone, a follower's address, a retry key, a status token, a claiming volunteer's name and address),
 * made through the real API, and those traces to look for.
 */
export async function reportFullOfPersonalData(
  app: FastifyInstance,
  db: Db,
  now: Date,
): Promise<{ id: number; photoUrl: string; traces: string[] }> {
  const { payload, headers } = await multipartBody(
    {
      what3words: 'rally.census.refuse',
      description: 'Spotted by Jo Bloggs, jo.bloggs@example.org',
      notifyEmail: 'follower@example.org',
      idempotencyKey: 'a-retry-key-that-is-long-enough-0123456789',
    },
    { photo: { data: await plainJpeg(), name: 'tag.jpg', type: 'image/jpeg' } },
  );
  const created = await app.inject({ method: 'POST', url: '/api/reports', payload, headers });
  if (created.statusCode !== 201) throw new Error(`The report was not made: ${created.body}`);
  const report = created.json() as { id: number; photoUrl: string; statusToken: string };
  const volunteer = await db
    .insertInto('volunteers')
    .values({ email: 'volunteer.name@example.org', name: 'Vera Volunteer', joined_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('reports')
    .set({ status: 'cleaning', cleaning_volunteer_id: volunteer.id, cleaning_started_at: now.toISOString() })
    .where('id', '=', report.id)
    .execute();
  return {
    id: report.id,
    photoUrl: report.photoUrl,
    traces: ['Jo Bloggs', 'jo.bloggs', 'follower@', 'volunteer.name', 'Vera', report.statusToken, 'a-retry-key'],
  };
}
