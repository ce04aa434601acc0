// The permission matrix, walked over EVERY /api route of the built app with an
// anonymous visitor, a signed-in volunteer and an administrator. The routes the app has must be
// exactly the routes of this table: a route added without an entry here fails this test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { volunteerSession, type Cookies } from '#tests/sessions.ts';
import { accessMessages } from '#shared/domain/permissions.ts';
import { systemClock } from './clock.ts';
import { sessionsRepository } from './features/sessions/sessions.repository.ts';
import { sessionsService } from './features/sessions/sessions.service.ts';

type Rule = 'public' | 'volunteer' | 'admin';
interface Entry {
  rule: Rule;
  /**
   * The call answers about the signed-in volunteer ("who am I", "my dashboard"): without a
   * volunteer identity (visitors, an administrator signed in by code alone) it answers 401.
   */
  needsVolunteer?: boolean;
  /**
   * A public route whose answer is about the caller or carries a private token: like every route for
   * volunteers and administrators, it is never kept by any cache.
   */
  personal?: boolean;
}

/** Who may call each route. */
const matrix: Record<string, Entry> = {
  // Anyone: submit a report, list reports, read photos, stats, sign in, location conversions, health.
  'GET /api/health': { rule: 'public' },
  'GET /api/health/live': { rule: 'public' },
  'GET /api/health/ready': { rule: 'public' },
  'GET /api/openapi.json': { rule: 'public' },
  'POST /api/reports': { rule: 'public', personal: true },
  'POST /api/reports/staged-photos': { rule: 'public' },
  'GET /api/reports': { rule: 'public' },
  'GET /api/reports/changes': { rule: 'public' },
  'GET /api/reports/:id/photos': { rule: 'public' },
  'GET /api/stats': { rule: 'public' },
  'GET /api/location/coordinates-to-words': { rule: 'public' },
  'GET /api/location/words-to-coordinates': { rule: 'public' },
  'GET /api/location/provider': { rule: 'public' },
  'GET /api/open-data/reports.geojson': { rule: 'public' },
  'GET /api/open-data/reports.csv': { rule: 'public' },
  'POST /api/admin/auth': { rule: 'public' },
  'POST /api/admin/logout': { rule: 'public' },
  'POST /api/volunteers/auth/signin': { rule: 'public' },
  'POST /api/volunteers/auth/verify': { rule: 'public', personal: true },
  'POST /api/volunteers/auth/continue': { rule: 'public', personal: true },
  'POST /api/volunteers/auth/logout': { rule: 'public' },
  'GET /api/volunteers/auth/me': { rule: 'public', needsVolunteer: true, personal: true },
  // Volunteers (and administrators): find nearby, start or abandon a clean-up, progress photos,
  // complete, their own dashboard, create MUCU events, push subscription.
  'POST /api/find-nearby': { rule: 'volunteer' },
  'POST /api/find-nearby/sites': { rule: 'volunteer' },
  'GET /api/cleanup/current': { rule: 'volunteer' },
  'PATCH /api/reports/:id/status': { rule: 'volunteer' },
  'POST /api/reports/:id/photos': { rule: 'volunteer' },
  'POST /api/cleanup/complete': { rule: 'volunteer' },
  'GET /api/volunteers/dashboard': { rule: 'volunteer', needsVolunteer: true },
  'POST /api/mucus': { rule: 'volunteer' },
  // Alerts: a volunteer's own alert settings and push subscription; the key a browser
  // subscribes with and the e-mailed unsubscribe link are public (the link carries its own token).
  'GET /api/alerts/preferences': { rule: 'volunteer', needsVolunteer: true },
  'PUT /api/alerts/preferences': { rule: 'volunteer' },
  'POST /api/alerts/push-subscriptions': { rule: 'volunteer' },
  'DELETE /api/alerts/push-subscriptions': { rule: 'volunteer' },
  'GET /api/alerts/vapid-public-key': { rule: 'public' },
  'GET /api/alerts/unsubscribe': { rule: 'public' },
  'POST /api/alerts/unsubscribe': { rule: 'public' },
  // Following a report: the status page and its e-mail links carry their own tokens; anyone may say a
  // report is already there and add their photo to it. Only administrators set the priority mark.
  'GET /api/report-status/:token': { rule: 'public', personal: true },
  'POST /api/report-status/:token/follow': { rule: 'public' },
  'GET /api/report-follow/confirm': { rule: 'public' },
  'POST /api/report-follow/confirm': { rule: 'public' },
  'GET /api/report-follow/unsubscribe': { rule: 'public' },
  'POST /api/report-follow/unsubscribe': { rule: 'public' },
  'GET /api/reports/already-reported': { rule: 'public' },
  'GET /api/map': { rule: 'public' },
  'GET /api/admin/map': { rule: 'admin' },
  'GET /api/map/basemap': { rule: 'public' },
  'GET /api/map/sites/:id/cleanup': { rule: 'public' },
  'GET /api/map/style': { rule: 'public' },
  'GET /api/map/tiles/:version': { rule: 'public' },
  'POST /api/reports/:id/confirmations': { rule: 'public', personal: true },
  'POST /api/reports/:id/back': { rule: 'public', personal: true },
  'POST /api/reports/:id/me-too': { rule: 'public' },
  'PUT /api/admin/reports/:id/priority': { rule: 'admin' },
  // Public MUCU events: anyone reads the events and their calendars (with their own answer when
  // signed in) and may use an e-mailed unsubscribe link; 'I'll be there', a volunteer's upcoming
  // events and their event e-mail choice need a volunteer.
  'GET /api/events': { rule: 'public' },
  'GET /api/events/:id': { rule: 'public' },
  'GET /api/events/:id/calendar.ics': { rule: 'public' },
  'GET /api/events/feed.ics': { rule: 'public' },
  'GET /api/events/unsubscribe': { rule: 'public' },
  'POST /api/events/unsubscribe': { rule: 'public' },
  'PUT /api/events/:id/rsvp': { rule: 'volunteer', needsVolunteer: true },
  'DELETE /api/events/:id/rsvp': { rule: 'volunteer', needsVolunteer: true },
  'POST /api/check-ins': { rule: 'volunteer' },
  'GET /api/volunteers/event-logs': { rule: 'volunteer', needsVolunteer: true },
  'PUT /api/volunteers/event-logs/:id': { rule: 'volunteer' },
  'PUT /api/volunteers/cleanups/:id/time': { rule: 'volunteer' },
  'GET /api/volunteers/certificates': { rule: 'volunteer', needsVolunteer: true },
  'POST /api/volunteers/certificates': { rule: 'volunteer' },
  'GET /api/volunteers/certificates/:id/pdf': { rule: 'volunteer', needsVolunteer: true },
  'DELETE /api/volunteers/certificates/:id': { rule: 'volunteer', needsVolunteer: true },
  'GET /api/verify/:code': { rule: 'public', personal: true },
  'GET /api/volunteers/safety': { rule: 'volunteer', needsVolunteer: true },
  'POST /api/volunteers/safety': { rule: 'volunteer', needsVolunteer: true },
  'PUT /api/admin/reports/:id/owner-consent': { rule: 'admin' },
  'POST /api/admin/reports/:id/owner-consent': { rule: 'admin' },
  'GET /api/volunteers/events': { rule: 'volunteer', needsVolunteer: true },
  'GET /api/volunteers/event-emails': { rule: 'volunteer', needsVolunteer: true },
  'PUT /api/volunteers/event-emails': { rule: 'volunteer' },
  // Privacy: the notice's facts are public; a volunteer's own data download and account erasure.
  'GET /api/privacy': { rule: 'public' },
  'GET /api/volunteers/me/data': { rule: 'volunteer', needsVolunteer: true },
  'DELETE /api/volunteers/me': { rule: 'volunteer', needsVolunteer: true },
  // Administrators only: edit, delete, manual reports, renumber, events, attendance, analytics, exports.
  'GET /api/admin/me': { rule: 'admin' },
  'PATCH /api/reports/:id': { rule: 'admin' },
  'DELETE /api/reports/:id': { rule: 'admin' },
  'DELETE /api/reports/:id/photos/:photoId': { rule: 'admin' },
  'POST /api/admin/reports': { rule: 'admin' },
  'POST /api/admin/renumber-reports': { rule: 'admin' },
  'POST /api/admin/reports/status': { rule: 'admin' },
  'GET /api/admin/reports/export': { rule: 'admin' },
  'GET /api/admin/reports/unplaced': { rule: 'admin' },
  'GET /api/admin/mucus': { rule: 'admin' },
  'PUT /api/admin/mucus/:id': { rule: 'admin' },
  'DELETE /api/admin/mucus/:id': { rule: 'admin' },
  'POST /api/admin/mucu-attendance': { rule: 'admin' },
  'GET /api/admin/mucus/:id/rsvps': { rule: 'admin' },
  'GET /api/admin/mucus/:id/check-in': { rule: 'admin' },
  'GET /api/admin/mucus/:id/logs': { rule: 'admin' },
  'PUT /api/admin/mucus/:id/logs/:logId': { rule: 'admin' },
  'PUT /api/admin/mucus/:id/capacity': { rule: 'admin' },
  'POST /api/admin/mucus/:id/attendance': { rule: 'admin' },
  'GET /api/admin/volunteer-analytics': { rule: 'admin' },
  'GET /api/admin/daily-progress': { rule: 'admin' },
  'GET /api/admin/daily-progress/export': { rule: 'admin' },
  'GET /api/performance': { rule: 'public' },
  'GET /api/performance/export': { rule: 'public' },
  'GET /api/admin/alerts-summary': { rule: 'admin' },
  'POST /api/admin/photos/redact': { rule: 'admin' },
  'GET /api/admin/audit-log': { rule: 'admin' },
  'GET /api/admin/reports/:id/site-history': { rule: 'admin' },
  'GET /api/admin/analytics/retagged-sites': { rule: 'admin' },
  'GET /api/admin/open311/keys': { rule: 'admin' },
  'POST /api/admin/open311/keys': { rule: 'admin' },
  'POST /api/admin/open311/keys/:id/revoke': { rule: 'admin' },
  'GET /api/admin/referrals/bodies': { rule: 'admin' },
  'GET /api/admin/referrals': { rule: 'admin' },
  'POST /api/admin/reports/:id/referral': { rule: 'admin' },
  'POST /api/admin/referrals/:id/resend': { rule: 'admin' },
  'POST /api/admin/referrals/:id/withdraw': { rule: 'admin' },
};

/** Every API route of the app as 'METHOD /path', read from Fastify's own route tree (HEAD aside). */
function apiRoutesOf(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    if (!path.startsWith('/api/') || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}

type Role = 'anonymous' | 'volunteer' | 'administrator';

describe.each(testDatabaseKinds)('the permission matrix on %s', (kind) => {
  let t: TestApp;
  let ids: { report: number; event: number };
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const { payload, headers } = await multipartBody(
      { what3words: 'rally.census.refuse' },
      { photo: { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' } },
    );
    const report = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    const event = await t.database.db
      .insertInto('mucu_events')
      .values({
        name: 'Leith Walk MUCU',
        location: 'Leith Walk',
        date: '2026-12-05T10:00:00.000Z',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids = { report: report.json().id, event: event.id };
  });
  afterAll(() => t.close());

  /** A fresh session per request, so a sign-out or a deletion never changes the next check. */
  async function cookiesFor(role: Role): Promise<Cookies> {
    if (role === 'anonymous') return {};
    if (role === 'volunteer') return (await volunteerSession(t.database, 'matrix@example.org')).cookies;
    const sessions = sessionsService({ repository: sessionsRepository(t.database.db), clock: systemClock });
    return { cue_admin: (await sessions.start('admin', null)).token };
  }

  /** Calls the route with a body it refuses, so a call the access rule lets through stops at validation. */
  async function call(route: string, role: Role) {
    const [method, pattern] = route.split(' ') as [string, string];
    const url = pattern
      .replace('/mucus/:id', `/mucus/${ids.event}`)
      .replace('/events/:id', `/events/${ids.event}`)
      .replace(':id', String(ids.report))
      .replace(':photoId', '999999');
    const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
    return t.app.inject({
      method: method as 'GET',
      url,
      cookies: await cookiesFor(role),
      ...(withBody ? { payload: {} } : {}),
      remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
    });
  }

  it('the table lists exactly the API routes the app has', () => {
    expect(apiRoutesOf(t.app.printRoutes({ commonPrefix: false }))).toEqual(Object.keys(matrix).sort());
  });

  const routes = Object.entries(matrix);
  it.each(routes)('%s', async (route, entry) => {
    const outcomes: Record<Role, { status: number; message?: string }> = {} as never;
    for (const role of ['anonymous', 'volunteer', 'administrator'] as const) {
      const response = await call(route, role);
      outcomes[role] = {
        status: response.statusCode,
        message: response.headers['content-type']?.toString().includes('json') ? response.json()?.message : undefined,
      };
    }
    const letThrough = (role: Role) => ![401, 403].includes(outcomes[role].status);

    if (entry.rule === 'admin') {
      expect(outcomes.anonymous).toEqual({ status: 401, message: accessMessages.adminRequired });
      expect(outcomes.volunteer).toEqual({ status: 403, message: accessMessages.adminOnly });
      expect(letThrough('administrator'), `administrator got ${outcomes.administrator.status}`).toBe(true);
    } else if (entry.rule === 'volunteer') {
      expect(outcomes.anonymous).toEqual({ status: 401, message: accessMessages.signInRequired });
      expect(letThrough('volunteer'), `volunteer got ${outcomes.volunteer.status}`).toBe(true);
      if (entry.needsVolunteer) expect(outcomes.administrator.status).toBe(401);
      else expect(letThrough('administrator'), `administrator got ${outcomes.administrator.status}`).toBe(true);
    } else {
      if (entry.needsVolunteer) {
        expect(outcomes.anonymous.status).toBe(401);
        expect(outcomes.administrator.status).toBe(401);
      } else {
        expect(letThrough('anonymous'), `anonymous got ${outcomes.anonymous.status}`).toBe(true);
        expect(letThrough('administrator'), `administrator got ${outcomes.administrator.status}`).toBe(true);
      }
      expect(letThrough('volunteer'), `volunteer got ${outcomes.volunteer.status}`).toBe(true);
    }
  });

  const private_ = routes.filter(([, entry]) => entry.rule !== 'public' || entry.personal);
  it.each(private_)('%s is answered with Cache-Control: no-store, whoever asks', async (route) => {
    for (const role of ['anonymous', 'volunteer', 'administrator'] as const) {
      const response = await call(route, role);
      expect(response.headers['cache-control'], `${role} got ${response.statusCode}`).toBe('no-store');
    }
  });
});

describe('reading the route tree', () => {
  it('joins nested segments and drops HEAD', () => {
    const tree = [
      '├── /api/reports (POST, GET, HEAD)',
      '│   └── /:id (PATCH, DELETE)',
      '│       ├── /photos (GET, HEAD, POST)',
      '│       │   └── /:photoId (DELETE)',
      '│       └── /status (PATCH)',
      '├── /api/stats (GET, HEAD)',
      '└── * (HEAD, GET)',
    ].join('\n');
    expect(apiRoutesOf(tree)).toEqual([
      'DELETE /api/reports/:id',
      'DELETE /api/reports/:id/photos/:photoId',
      'GET /api/reports',
      'GET /api/reports/:id/photos',
      'GET /api/stats',
      'PATCH /api/reports/:id',
      'PATCH /api/reports/:id/status',
      'POST /api/reports',
      'POST /api/reports/:id/photos',
    ]);
  });
});
