// Uploads: every route takes exactly the files it uses (and no more), refuses the rest early, and
// answers a body it cannot read (not multipart, a wrong boundary, cut short) with 400, never 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { WAVERLEY_WORDS } from '#tests/places.ts';
import { adminCookies, volunteerSession, type Cookies } from '#tests/sessions.ts';

describe('upload routes', () => {
  let t: TestApp;
  let cookies: Cookies;
  let jpeg: Buffer;
  let reportId: number;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { limits: { reportSubmissionsPerHour: 10_000 } });
    cookies = { ...(await adminCookies(t.app)), ...(await volunteerSession(t.database, 'up@example.org')).cookies };
    jpeg = await plainJpeg();
    const form = await multipartBody(
      { what3words: WAVERLEY_WORDS },
      { photo: { data: jpeg, name: 'a.jpg', type: 'image/jpeg' } },
    );
    reportId = (await t.app.inject({ method: 'POST', url: '/api/reports', ...form })).json().id;
  });
  afterAll(() => t.close());

  const uploadRoutes = () => [
    { url: '/api/reports', files: ['photo'] },
    { url: '/api/admin/reports', files: ['photo'] },
    { url: `/api/reports/${reportId}/photos`, files: ['photos'] },
    { url: '/api/cleanup/complete', files: ['beforePhoto', 'afterPhoto'] },
    { url: `/api/reports/${reportId}/confirmations`, files: ['photo'] },
  ];
  const post = (url: string, payload: Buffer | string, contentType: string) =>
    t.app.inject({ method: 'POST', url, cookies, payload, headers: { 'content-type': contentType } });

  it('a body that is not a readable form gets 400 with a clear message on every upload route', async () => {
    const good = await multipartBody(
      { what3words: WAVERLEY_WORDS },
      { photo: { data: jpeg, name: 'a.jpg', type: 'image/jpeg' } },
    );
    const boundary = /boundary=(.*)$/.exec(good.headers['content-type']!)![1]!;
    const cutShort = good.payload.subarray(0, Math.floor(good.payload.length / 2));
    for (const { url } of uploadRoutes()) {
      const cases = [
        post(url, 'just some text', 'multipart/form-data; boundary=nothing-here'),
        post(url, good.payload, 'multipart/form-data; boundary=wrong-boundary'),
        post(url, good.payload, 'multipart/form-data'),
        post(url, cutShort, `multipart/form-data; boundary=${boundary}`),
        post(url, '{"what3words":"pilot.ginger.gaze"}', 'application/json'),
      ];
      for (const response of await Promise.all(cases)) {
        expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
        expect(response.json().message).toMatch(/form|multipart/i);
      }
    }
  });

  it('a file the route does not use is refused (400), and more files than it takes are refused (413)', async () => {
    const photo = { data: jpeg, name: 'a.jpg', type: 'image/jpeg' };
    const storedBefore = t.storedPhotos().length;
    const extra = await multipartBody({ what3words: WAVERLEY_WORDS }, { photo, somethingElse: photo });
    const refused = await t.app.inject({ method: 'POST', url: '/api/reports', ...extra });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("This form takes no file called 'somethingElse'.");

    const ten = await multipartBody({ what3words: WAVERLEY_WORDS }, { photo: Array(10).fill(photo) });
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/reports', ...ten });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe("At most 1 file may be sent as 'photo'.");

    const progress = await multipartBody({}, { photos: Array(6).fill(photo) });
    const tooManyProgress = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${reportId}/photos`,
      cookies,
      ...progress,
    });
    expect(tooManyProgress.statusCode).toBe(413);
    expect(tooManyProgress.json().message).toBe("At most 5 files may be sent as 'photos'.");
    expect(t.storedPhotos()).toHaveLength(storedBefore);
  });
});
