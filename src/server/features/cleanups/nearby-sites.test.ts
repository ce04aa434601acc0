// Choosing any site near the volunteer, on both databases: the list of open sites near them, nearest
// first with distances, only those they may take on; and a site chosen from it, not the nearest, is
// taken on by the same claim under the same rules (the briefing, under-16s, the owner's consent,
// another volunteer's claim), each of which still refuses it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN_PASSCODE, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { keepingMailer, movableClock, placeReport, signInVolunteer } from '#tests/volunteers.ts';
import { NEARBY_SITES_MAX, nearbySitesResponseSchema } from '#shared/contracts/cleanups.ts';

const HERE = { latitude: 55.95, longitude: -3.19 };
/** About `metres` north of here (a degree of latitude is about 111.2 km). */
const north = (metres: number) => ({ latitude: HERE.latitude + metres / 111_195, longitude: HERE.longitude });

describe.each(testDatabaseKinds)('choosing a site near the volunteer on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-11-21T10:00:00Z'));
  const mailer = keepingMailer();
  let sequence = 0;
  const newVolunteer = (briefing = true) =>
    signInVolunteer(t.app, mailer, `chooser${++sequence}@example.org`, undefined, { briefing });

  const sites = (cookie: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/find-nearby/sites',
      payload: { userLatitude: HERE.latitude, userLongitude: HERE.longitude, ...payload },
      headers: cookie ? { cookie } : {},
    });
  const listed = async (cookie: string, payload: Record<string, unknown> = {}) => {
    const answer = await sites(cookie, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return nearbySitesResponseSchema.parse(answer.json());
  };
  const claim = (id: number, cookie: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      payload: { status: 'cleaning' },
      headers: { cookie },
    });
  const statusOf = async (id: number) =>
    (await t.database.db.selectFrom('reports').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const adminCookie = async () => {
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      payload: { passcode: TEST_ADMIN_PASSCODE },
    });
    return `cue_admin=${auth.cookies.find((c) => c.name === 'cue_admin')!.value}`;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, mailer, limits: { signInRequestsPerClient: 1000 } });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  it('lists the open sites within the radius nearest first, with distances, leaving out claimed, cleaned and unplaced ones', async () => {
    const far = await placeReport(t.database.db, { ...north(900), what3words: 'far.wall.here' });
    const near = await placeReport(t.database.db, { ...north(100), what3words: 'near.wall.here' });
    const middle = await placeReport(t.database.db, { ...north(400), what3words: 'middle.wall.here' });
    await placeReport(t.database.db, { ...north(200), status: 'cleaning' });
    await placeReport(t.database.db, { ...north(300), status: 'completed' });
    await placeReport(t.database.db, { latitude: null, longitude: null });
    await placeReport(t.database.db, north(8000));

    const answer = await listed(await newVolunteer());
    expect(answer.sites.map((site) => [site.report.id, site.distance])).toEqual([
      [near, 100],
      [middle, 400],
      [far, 900],
    ]);
    expect(answer.sites[0]!.report.what3words).toBe('near.wall.here');
    expect(answer.sites[0]!.locationLink).toMatch(/^https:\/\//);
    expect(answer).toMatchObject({ radiusMetres: 5000, more: false });
    // A wider radius reaches the site 8 km away.
    expect((await listed(await newVolunteer(), { radiusMetres: 20_000 })).sites).toHaveLength(4);
  });

  it(`shows at most ${NEARBY_SITES_MAX} sites, the nearest, and says there are more`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < NEARBY_SITES_MAX + 5; i++) ids.push(await placeReport(t.database.db, north(50 + i * 20)));
    const answer = await listed(await newVolunteer());
    expect(answer.sites.map((site) => site.report.id)).toEqual(ids.slice(0, NEARBY_SITES_MAX));
    expect(answer.more).toBe(true);
  });

  it('needs a signed-in volunteer and a real position', async () => {
    expect((await sites('')).statusCode).toBe(401);
    const refused = await sites(await newVolunteer(), { userLatitude: 91 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('userLatitude must be a number from -90 to 90');
  });

  it('a site chosen from the list, not the nearest, is claimed by the ordinary claim', async () => {
    await placeReport(t.database.db, north(100));
    const chosen = await placeReport(t.database.db, north(700));
    const cookie = await newVolunteer();
    const listedIds = (await listed(cookie)).sites.map((site) => site.report.id);
    expect(listedIds[1]).toBe(chosen);
    const claimed = await claim(chosen, cookie);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ id: chosen, status: 'cleaning' });
    // Claimed, it leaves everyone's list.
    expect((await listed(await newVolunteer())).sites.map((site) => site.report.id)).not.toContain(chosen);
  });

  it("a chosen site is refused before this year's safety briefing is accepted", async () => {
    await placeReport(t.database.db, north(100));
    const chosen = await placeReport(t.database.db, north(700));
    const cookie = await newVolunteer(false);
    const refused = await claim(chosen, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Please read and accept this year's safety briefing before you claim a site.");
    expect(await statusOf(chosen)).toBe('reported');
  });

  it('a chosen site is refused to a volunteer under 16', async () => {
    await placeReport(t.database.db, north(100));
    const chosen = await placeReport(t.database.db, north(700));
    const cookie = await newVolunteer(false);
    await t.app.inject({
      method: 'POST',
      url: '/api/volunteers/safety',
      payload: { ageBand: 'under-16' },
      headers: { cookie },
    });
    const refused = await claim(chosen, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Volunteers under 16 cannot claim a site on their own. Please clean with an adult at a group event.',
    );
    expect(await statusOf(chosen)).toBe('reported');
  });

  it("a site waiting for its owner's consent is not listed, and refused if chosen by its id", async () => {
    const open = await placeReport(t.database.db, north(100));
    const withheld = await placeReport(t.database.db, north(700));
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reports/${withheld}/owner-consent`,
      payload: { needed: true },
      headers: { cookie: await adminCookie() },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const cookie = await newVolunteer();
    expect((await listed(cookie)).sites.map((site) => site.report.id)).toEqual([open]);
    const refused = await claim(withheld, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This site is on private property. It will be offered to volunteers once the owner's consent is recorded.",
    );
    expect(await statusOf(withheld)).toBe('reported');
  });

  it('a chosen site another volunteer claimed meanwhile is refused with a clear 409', async () => {
    const chosen = await placeReport(t.database.db, north(700));
    const first = await newVolunteer();
    const second = await newVolunteer();
    expect((await listed(second)).sites.map((site) => site.report.id)).toEqual([chosen]);
    expect((await claim(chosen, first)).statusCode).toBe(200);
    const refused = await claim(chosen, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Another volunteer is already cleaning this site. Please find another site.');
  });
});
