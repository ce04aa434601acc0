import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '#tests/databases.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerAuth, SESSION_COOKIES } from './auth.ts';
import { sessionsRepository } from '../features/sessions/sessions.repository.ts';
import { sessionsService, type SessionKind } from '../features/sessions/sessions.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function movableClock(start = new Date('2026-11-21T10:00:00Z')) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

async function buildAuthApp(
  database: DatabaseHandle,
  clock: ReturnType<typeof movableClock>,
  opts: { publicUrl?: string; adminEmails?: string[] } = {},
) {
  const app = Fastify();
  registerErrorHandler(app);
  await app.register(cookie);
  registerAuth(app, {
    sessions: sessionsService({ repository: sessionsRepository(database.db), clock }),
    publicUrl: opts.publicUrl ?? 'http://localhost:3000',
    adminEmails: opts.adminEmails ?? [],
  });
  const who = (request: { auth: unknown }) => request.auth;
  app.get('/api/t/public', { config: { access: 'public' } }, async (request) => who(request));
  app.get('/api/t/volunteer', { config: { access: 'volunteer' } }, async (request) => who(request));
  app.get('/api/t/admin', { config: { access: 'admin' } }, async (request) => who(request));
  app.post<{ Params: { kind: SessionKind; id: string } }>(
    '/api/t/start/:kind/:id',
    { config: { access: 'public' } },
    async (request, reply) => {
      const id = Number(request.params.id);
      await reply.startSession(request.params.kind, id > 0 ? id : null);
      return { ok: true };
    },
  );
  app.post<{ Params: { kind: SessionKind } }>(
    '/api/t/end/:kind',
    { config: { access: 'public' } },
    async (request, reply) => {
      await reply.endSession(request.params.kind);
      return { ok: true };
    },
  );
  await app.ready();
  return app;
}

function cookieOf(response: { cookies: { name: string; value: string }[] }, kind: SessionKind) {
  const found = response.cookies.find((c) => c.name === SESSION_COOKIES[kind]);
  if (!found) throw new Error(`no ${kind} cookie`);
  return found;
}

describe.each(testDatabaseKinds)('sessions and access rules on %s', (kind) => {
  let database: DatabaseHandle;
  let volunteerId: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const row = await database.db
      .insertInto('volunteers')
      .values({ email: 'ailsa@example.org', name: 'Ailsa', joined_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    volunteerId = row.id;
  });
  afterAll(() => database.close());

  async function signIn(app: FastifyInstance, sessionKind: SessionKind, id: number | null) {
    const response = await app.inject({ method: 'POST', url: `/api/t/start/${sessionKind}/${id ?? 0}` });
    return cookieOf(response, sessionKind);
  }

  it('a volunteer route answers 401 with a clear message to a visitor who is not signed in', async () => {
    const app = await buildAuthApp(database, movableClock());
    const response = await app.inject({ method: 'GET', url: '/api/t/volunteer' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please sign in as a volunteer to continue.');
    expect((await app.inject({ method: 'GET', url: '/api/t/admin' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/t/public' })).json()).toEqual({
      volunteer: null,
      admin: false,
    });
  });

  it('a signed-in volunteer passes volunteer routes and is refused administrator routes with 403', async () => {
    const app = await buildAuthApp(database, movableClock());
    const session = await signIn(app, 'volunteer', volunteerId);
    const cookies = { [session.name]: session.value };
    const me = await app.inject({ method: 'GET', url: '/api/t/volunteer', cookies });
    expect(me.json()).toEqual({
      volunteer: { id: volunteerId, email: 'ailsa@example.org', name: 'Ailsa' },
      admin: false,
    });
    const admin = await app.inject({ method: 'GET', url: '/api/t/admin', cookies });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe('Only administrators can do that.');
  });

  it('an administrator passes every route', async () => {
    const app = await buildAuthApp(database, movableClock());
    const session = await signIn(app, 'admin', null);
    const cookies = { [session.name]: session.value };
    expect((await app.inject({ method: 'GET', url: '/api/t/admin', cookies })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/t/volunteer', cookies })).statusCode).toBe(200);
  });

  it('the cookie is HTTP-only and SameSite=Lax, Secure only on https, and the database keeps only its hash', async () => {
    const app = await buildAuthApp(database, movableClock());
    const session = await signIn(app, 'volunteer', volunteerId);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((session as { secure?: boolean }).secure).toBeFalsy();
    expect(session.value.length).toBeGreaterThanOrEqual(43); // 256 random bits
    const rows = await database.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).not.toContain(session.value);

    const httpsApp = await buildAuthApp(database, movableClock(), { publicUrl: 'https://cleanup.example.org' });
    expect(((await signIn(httpsApp, 'volunteer', volunteerId)) as { secure?: boolean }).secure).toBe(true);
  });

  it('a volunteer session ends after 7 idle days, and after 30 days however active', async () => {
    const clock = movableClock();
    const app = await buildAuthApp(database, clock);
    const cookies = (c: { name: string; value: string }) => ({ [c.name]: c.value });
    const idle = await signIn(app, 'volunteer', volunteerId);
    clock.advance(7 * DAY - HOUR);
    expect((await app.inject({ method: 'GET', url: '/api/t/volunteer', cookies: cookies(idle) })).statusCode).toBe(200);
    clock.advance(7 * DAY + HOUR);
    expect((await app.inject({ method: 'GET', url: '/api/t/volunteer', cookies: cookies(idle) })).statusCode).toBe(401);

    const busy = await signIn(app, 'volunteer', volunteerId);
    for (let day = 0; day < 29; day++) {
      clock.advance(DAY);
      expect((await app.inject({ method: 'GET', url: '/api/t/volunteer', cookies: cookies(busy) })).statusCode).toBe(
        200,
      );
    }
    clock.advance(DAY);
    expect((await app.inject({ method: 'GET', url: '/api/t/volunteer', cookies: cookies(busy) })).statusCode).toBe(401);
  });

  it('an administrator session ends after 30 idle minutes', async () => {
    const clock = movableClock();
    const app = await buildAuthApp(database, clock);
    const session = await signIn(app, 'admin', null);
    clock.advance(29 * 60_000);
    expect(
      (await app.inject({ method: 'GET', url: '/api/t/admin', cookies: { [session.name]: session.value } })).statusCode,
    ).toBe(200);
    clock.advance(31 * 60_000);
    expect(
      (await app.inject({ method: 'GET', url: '/api/t/admin', cookies: { [session.name]: session.value } })).statusCode,
    ).toBe(401);
  });

  it('ending a session deletes it on the server: the old cookie no longer works', async () => {
    const app = await buildAuthApp(database, movableClock());
    const session = await signIn(app, 'volunteer', volunteerId);
    const cookies = { [session.name]: session.value };
    const end = await app.inject({ method: 'POST', url: '/api/t/end/volunteer', cookies });
    expect(end.cookies.find((c) => c.name === session.name)?.value).toBe('');
    expect((await app.inject({ method: 'GET', url: '/api/t/volunteer', cookies })).statusCode).toBe(401);
  });

  it('with ADMIN_EMAILS, the passcode session counts only alongside a listed volunteer session', async () => {
    const app = await buildAuthApp(database, movableClock(), { adminEmails: ['ailsa@example.org'] });
    const admin = await signIn(app, 'admin', null);
    const alone = await app.inject({ method: 'GET', url: '/api/t/admin', cookies: { [admin.name]: admin.value } });
    expect(alone.statusCode).toBe(401);
    const volunteer = await signIn(app, 'volunteer', volunteerId);
    const both = await app.inject({
      method: 'GET',
      url: '/api/t/admin',
      cookies: { [admin.name]: admin.value, [volunteer.name]: volunteer.value },
    });
    expect(both.statusCode).toBe(200);
  });

  it('a cookie that is not one of ours is ignored', async () => {
    const app = await buildAuthApp(database, movableClock());
    const response = await app.inject({
      method: 'GET',
      url: '/api/t/volunteer',
      cookies: { [SESSION_COOKIES.volunteer]: 'forged' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('declaring access', () => {
  it('an API route without an access rule stops the app from starting', async () => {
    const database = await createTestDatabase('sqlite');
    const app = Fastify();
    await app.register(cookie);
    registerAuth(app, {
      sessions: sessionsService({ repository: sessionsRepository(database.db), clock: movableClock() }),
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
    });
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(
      'The route GET /api/forgotten declares no access rule (config.access).',
    );
    await database.close();
  });
});
