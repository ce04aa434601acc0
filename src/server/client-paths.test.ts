// A page path's status and the page the app shows there agree: the router matches paths whatever their
// case and with one trailing slash at most, and so does the server; a path of an event or a report
// status link that does not exist answers 404, as the page says 'not found'.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { WAVERLEY_WORDS } from '#tests/places.ts';

describe.each(testDatabaseKinds)('page paths and their status on %s', (kind) => {
  let t: TestApp;
  let clientDir: string;
  let eventId: number;
  let statusToken: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-client-'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    t = await buildTestApp(kind, { clientDir });
    const event = await t.database.db
      .insertInto('mucu_events')
      .values({
        name: 'Leith Walk MUCU',
        location: 'Leith Walk',
        date: '2026-12-05T10:00:00.000Z',
        description: null,
        maps_link: null,
        created_at: '2026-11-20T10:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventId = event.id;
    const { payload, headers } = await multipartBody(
      { what3words: WAVERLEY_WORDS },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const report = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    statusToken = report.json().statusToken;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it('a path typed in capitals, or with one trailing slash, is the same page, answered 200', async () => {
    for (const url of ['/VOLUNTEERS', '/Volunteers/Dashboard', '/About', '/about/', '/Volunteer-Portal/', '/EVENTS']) {
      expect(await status(url), url).toBe(200);
    }
  });

  it('a path the router does not match is 404: two trailing slashes, or a word where an event number goes', async () => {
    for (const url of ['/about//', '/volunteers//', '/events/abc', '/events/0', `/events/${eventId}//`]) {
      expect(await status(url), url).toBe(404);
    }
  });

  it('an event that does not exist is 404, one that does is 200, whatever the case of the path', async () => {
    expect(await status('/events/999999')).toBe(404);
    expect(await status(`/events/${eventId}`)).toBe(200);
    expect(await status(`/Events/${eventId}/`)).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/events/999999' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<div id="root">');
  });

  it("a report status link that names no report is 404; a real one is 200, its token's case kept", async () => {
    expect(await status(`/report/${statusToken}`)).toBe(200);
    expect(await status(`/REPORT/${statusToken}`)).toBe(200);
    expect(await status(`/report/${'A'.repeat(43)}`)).toBe(404);
    const otherCase = statusToken.replace(/[a-z]/, (c) => c.toUpperCase());
    if (otherCase !== statusToken) expect(await status(`/report/${otherCase}`)).toBe(404);
  });
});
