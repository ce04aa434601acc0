import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { adminCookies, volunteerSession, type Cookies } from '#tests/sessions.ts';
import { attendanceSchema, eventListSchema, eventSchema } from '#shared/contracts/events.ts';
import { myDataSchema } from '#shared/contracts/privacy.ts';
import { readZip } from '#tests/privacy.ts';

describe.each(testDatabaseKinds)('MUCU events on %s', (kind) => {
  let t: TestApp;
  let admin: Cookies;
  let volunteer: Cookies;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await adminCookies(t.app);
    volunteer = (await volunteerSession(t.database, 'organiser@example.org')).cookies;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('mucu_events').execute();
    await t.database.db.deleteFrom('achievements').execute();
  });

  const event = {
    name: 'ignored by the server',
    location: '  Leith Walk  ',
    date: '2026-12-05T10:00:00.000Z',
    description: '  Bring gloves  ',
    mapsLink: '',
  };
  /** An event that has taken place: attendance is recorded after an event starts. */
  const pastEvent = { ...event, location: 'Portobello', date: '2026-11-14T10:00:00.000Z' };
  const create = (payload: object, cookies: Cookies | null = volunteer) =>
    t.app.inject({ method: 'POST', url: '/api/mucus', payload, ...(cookies ? { cookies } : {}) });

  describe('POST /api/mucus', () => {
    it("a signed-in volunteer creates an event named location + ' MUCU', with an empty maps link stored as null", async () => {
      const response = await create(event);
      expect(response.statusCode).toBe(201);
      expect(eventSchema.parse(response.json())).toMatchObject({
        name: 'Leith Walk MUCU',
        location: 'Leith Walk',
        date: '2026-12-05T10:00:00.000Z',
        description: 'Bring gloves',
        mapsLink: null,
        attendances: [],
      });
    });

    it('an administrator may create one too, with a maps link', async () => {
      const response = await create({ ...event, mapsLink: 'https://www.openstreetmap.org/#map=18/55.97/-3.17' }, admin);
      expect(response.statusCode).toBe(201);
      expect(response.json().mapsLink).toBe('https://www.openstreetmap.org/#map=18/55.97/-3.17');
    });

    it('a visitor who is not signed in gets 401', async () => {
      const response = await create(event, null);
      expect(response.statusCode).toBe(401);
      expect(await t.database.db.selectFrom('mucu_events').select('id').execute()).toEqual([]);
    });

    it("location and date are required: 'Please provide both location and date for the MUCU event.'", async () => {
      for (const payload of [
        { ...event, location: '   ' },
        { ...event, date: '' },
        { date: event.date },
        { location: 'Leith Walk' },
      ]) {
        const response = await create(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Please provide both location and date for the MUCU event.');
      }
    });

    it('a maps link must be a web address, and a date must be a date', async () => {
      const link = await create({ ...event, mapsLink: 'javascript:alert(1)' });
      expect(link.statusCode).toBe(400);
      expect(link.json().message).toBe('The maps link must be a web address starting with https:// or http://.');
      const date = await create({ ...event, date: 'next Saturday' });
      expect(date.statusCode).toBe(400);
      expect(date.json().message).toBe('Please enter a valid date and time for the MUCU event.');
    });

    it('a date must be a real ISO date and time in a sane range, and a refused one writes nothing', async () => {
      for (const date of [
        '99999',
        '1',
        '2026',
        '+099999-01-01T00:00:00Z',
        '1899-12-31T10:00:00Z',
        '2150-01-01T10:00Z',
        '2026-02-30T10:00',
        '2026-04-31T10:00',
        '2026-12-05T24:00',
        '2026-12-05T10:60',
      ]) {
        const response = await create({ ...event, date });
        expect(response.statusCode, date).toBe(400);
        expect(response.json().message).toBe('Please enter a valid date and time for the MUCU event.');
      }
      expect(await t.database.db.selectFrom('mucu_events').select('id').execute()).toEqual([]);
      expect((await create({ ...event, date: '2026-12-05T10:00' })).statusCode).toBe(201);
      expect((await create({ ...event, date: '2028-02-29T10:00' })).statusCode).toBe(201);
    });

    /** An event as a row written before dates were checked could hold it: a year neither client can show. */
    const storeEventWithUnreadableDate = () =>
      t.database.db
        .insertInto('mucu_events')
        .values({
          name: 'Broken MUCU',
          location: 'Broken',
          date: kind === 'sqlite' ? '+099999-01-01T00:00:00.000Z' : '99999-01-01T00:00:00Z',
          description: null,
          maps_link: null,
          created_at: '2026-11-01T00:00:00.000Z',
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();

    it("one stored event with an unreadable date takes down neither the administrators' list nor the public one", async () => {
      expect((await create(event)).statusCode).toBe(201);
      await storeEventWithUnreadableDate();
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/mucus', cookies: admin });
      expect(list.statusCode).toBe(200);
      expect(eventListSchema.parse(list.json()).map((e) => e.location)).toEqual(['Leith Walk']);
      for (const url of ['/api/events', '/api/events/feed.ics']) {
        const answer = await t.app.inject({ method: 'GET', url });
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
        expect(answer.body).toContain('Leith Walk');
        expect(answer.body).not.toContain('Broken');
      }
    });

    it('a volunteer who attended an event with an unreadable date still gets their dashboard, and their data in full', async () => {
      const { volunteerId, cookies } = await volunteerSession(t.database, 'attended.broken@example.org');
      const broken = await storeEventWithUnreadableDate();
      await t.database.db
        .insertInto('mucu_attendances')
        .values({ mucu_id: broken.id, volunteer_id: volunteerId, notes: null, created_at: '2026-11-02T00:00:00.000Z' })
        .execute();
      const dashboard = await t.app.inject({ method: 'GET', url: '/api/volunteers/dashboard', cookies });
      expect(dashboard.statusCode, dashboard.body).toBe(200);
      expect(dashboard.json().mucuAttendances).toEqual([]);
      const download = await t.app.inject({ method: 'GET', url: '/api/volunteers/me/data', cookies });
      expect(download.statusCode, download.body).toBe(200);
      const data = myDataSchema.parse(
        JSON.parse((await readZip(download.rawPayload)).get('my-data.json')!.toString('utf8')),
      );
      expect(data.mucuAttendances).toEqual([expect.objectContaining({ event: 'Broken MUCU', location: 'Broken' })]);
      expect(data.mucuAttendances[0]!.date).toContain('99999');
    });
  });

  describe('administering events', () => {
    it('lists events newest first with their attendances and attendee e-mails', async () => {
      const older = eventSchema.parse(
        (await create({ ...event, location: 'Portobello', date: '2026-11-01T10:00:00Z' })).json(),
      );
      const newer = eventSchema.parse((await create(event)).json());
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/mucu-attendance',
        cookies: admin,
        payload: {
          mucuId: older.id,
          volunteerEmail: 'Morag@Example.org',
          notes: 'Litter pick',
          registerNewVolunteer: true,
        },
      });

      const response = await t.app.inject({ method: 'GET', url: '/api/admin/mucus', cookies: admin });
      expect(response.statusCode).toBe(200);
      const events = eventListSchema.parse(response.json());
      expect(events.map((e) => e.id)).toEqual([newer.id, older.id]);
      expect(events[1]!.attendances).toMatchObject([
        { notes: 'Litter pick', volunteer: { email: 'morag@example.org' } },
      ]);
      expect(events[0]!.attendances).toEqual([]);
    });

    it('edits an event, rebuilding its name; an unknown one is 404', async () => {
      const created = eventSchema.parse((await create(event)).json());
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/mucus/${created.id}`,
        cookies: admin,
        payload: {
          id: created.id,
          location: 'The Meadows',
          date: '2026-12-06T11:30:00.000Z',
          description: '',
          mapsLink: 'https://example.org/map',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: created.id,
        name: 'The Meadows MUCU',
        location: 'The Meadows',
        date: '2026-12-06T11:30:00.000Z',
        description: null,
        mapsLink: 'https://example.org/map',
      });

      const invalid = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/mucus/${created.id}`,
        cookies: admin,
        payload: { location: '', date: '' },
      });
      expect(invalid.json().message).toBe('Please provide both location and date for the MUCU event.');
      const missing = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/mucus/999999',
        cookies: admin,
        payload: event,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('MUCU event not found');
    });

    it('deletes an event with all its attendance records', async () => {
      const created = eventSchema.parse((await create(pastEvent)).json());
      const attended = await t.app.inject({
        method: 'POST',
        url: '/api/admin/mucu-attendance',
        cookies: admin,
        payload: { mucuId: created.id, volunteerEmail: 'a@example.org', registerNewVolunteer: true },
      });
      expect(attended.statusCode, attended.body).toBe(201);
      const response = await t.app.inject({ method: 'DELETE', url: `/api/admin/mucus/${created.id}`, cookies: admin });
      expect(response.statusCode).toBe(204);
      expect(
        await t.database.db.selectFrom('mucu_attendances').select('id').where('mucu_id', '=', created.id).execute(),
      ).toEqual([]);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/admin/mucus/${created.id}`, cookies: admin })).statusCode,
      ).toBe(404);
    });

    it('listing, editing and deleting are for administrators only', async () => {
      const created = eventSchema.parse((await create(event)).json());
      for (const cookies of [volunteer, null]) {
        const expected = cookies ? 403 : 401;
        const options = cookies ? { cookies } : {};
        expect((await t.app.inject({ method: 'GET', url: '/api/admin/mucus', ...options })).statusCode).toBe(expected);
        expect(
          (await t.app.inject({ method: 'PUT', url: `/api/admin/mucus/${created.id}`, payload: event, ...options }))
            .statusCode,
        ).toBe(expected);
        expect(
          (await t.app.inject({ method: 'DELETE', url: `/api/admin/mucus/${created.id}`, ...options })).statusCode,
        ).toBe(expected);
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/admin/mucu-attendance',
              payload: { mucuId: created.id, volunteerEmail: 'x@example.org' },
              ...options,
            })
          ).statusCode,
        ).toBe(expected);
      }
      expect(await t.database.db.selectFrom('mucu_events').select('id').execute()).toHaveLength(1);
    });
  });

  describe('POST /api/admin/mucu-attendance', () => {
    const attend = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/mucu-attendance', cookies: admin, payload });

    it('an address no volunteer has used is asked about first: nobody is registered until the administrator confirms', async () => {
      const created = eventSchema.parse((await create(pastEvent)).json());
      const typo = await attend({ mucuId: created.id, volunteerEmail: 'morag@exmaple.org' });
      expect(typo.statusCode, typo.body).toBe(409);
      expect(typo.json()).toMatchObject({
        code: 'UnknownVolunteer',
        title: 'New volunteer?',
        message: 'No volunteer has used morag@exmaple.org yet. Check the address, or add them as a new volunteer.',
      });
      expect(
        await t.database.db.selectFrom('volunteers').select('id').where('email', '=', 'morag@exmaple.org').execute(),
      ).toEqual([]);
      expect(await t.database.db.selectFrom('mucu_attendances').select('id').execute()).toEqual([]);

      const confirmed = await attend({
        mucuId: created.id,
        volunteerEmail: 'morag@exmaple.org',
        registerNewVolunteer: true,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
    });

    it("an event that has not started yet refuses attendance ('I'll be there' is how to say you will come)", async () => {
      const upcoming = eventSchema.parse((await create({ ...event, date: '2099-06-06T10:00:00.000Z' })).json());
      const response = await attend({
        mucuId: upcoming.id,
        volunteerEmail: 'organiser@example.org',
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'EventNotStarted',
        message:
          "This MUCU event has not started yet. Attendance can be added once it starts; volunteers who plan to come say 'I'll be there' on the event's page.",
      });
      expect(await t.database.db.selectFrom('mucu_attendances').select('id').execute()).toEqual([]);
    });

    it('a new volunteer confirmed by the administrator is registered, and the attendance earns first_mucu', async () => {
      const created = eventSchema.parse((await create(pastEvent)).json());
      const response = await attend({
        mucuId: String(created.id),
        volunteerEmail: '  New.Person@Example.org ',
        notes: ' Two bags ',
        registerNewVolunteer: true,
      });
      expect(response.statusCode).toBe(201);
      const attendance = attendanceSchema.parse(response.json());
      expect(attendance).toMatchObject({
        notes: 'Two bags',
        volunteer: { email: 'new.person@example.org', name: null },
        mucu: {
          id: created.id,
          name: 'Portobello MUCU',
          location: 'Portobello',
          description: 'Bring gloves',
          mapsLink: null,
        },
      });
      const volunteerRow = await t.database.db
        .selectFrom('volunteers')
        .selectAll()
        .where('email', '=', 'new.person@example.org')
        .executeTakeFirstOrThrow();
      const badges = await t.database.db
        .selectFrom('achievements')
        .select('badge_type')
        .where('volunteer_id', '=', volunteerRow.id)
        .execute();
      expect(badges.map((b) => b.badge_type)).toEqual(['first_mucu']);
    });

    it('attending the same event twice is refused with a clear 409, leaving one record', async () => {
      const created = eventSchema.parse((await create(pastEvent)).json());
      expect(
        (await attend({ mucuId: created.id, volunteerEmail: 'twice@example.org', registerNewVolunteer: true }))
          .statusCode,
      ).toBe(201);
      const again = await attend({ mucuId: created.id, volunteerEmail: 'TWICE@example.org' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This volunteer is already recorded as attending this MUCU event.');
      expect(
        await t.database.db.selectFrom('mucu_attendances').select('id').where('mucu_id', '=', created.id).execute(),
      ).toHaveLength(1);
    });

    it("an event and an e-mail are required: 'Please select a MUCU event and provide volunteer email.'", async () => {
      const created = eventSchema.parse((await create(event)).json());
      for (const payload of [
        { mucuId: created.id },
        { volunteerEmail: 'a@example.org' },
        { mucuId: '', volunteerEmail: 'a@example.org' },
        { mucuId: created.id, volunteerEmail: '  ' },
      ]) {
        const response = await attend(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Please select a MUCU event and provide volunteer email.');
      }
      const bad = await attend({ mucuId: created.id, volunteerEmail: 'not-an-address' });
      expect(bad.json().message).toBe('Please enter a valid email address.');
      const unknown = await attend({ mucuId: 999999, volunteerEmail: 'never.registered@example.org' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('MUCU event not found');
      expect(
        await t.database.db
          .selectFrom('volunteers')
          .select('id')
          .where('email', '=', 'never.registered@example.org')
          .execute(),
      ).toEqual([]);
    });
  });
});
