// The whole report list (no query) is the largest answer the service makes: at a city's size tens of
// megabytes. It is kept ready once per version and compressed, and each client may have it sent only so
// many times a minute; revalidating with its ETag (304) and the management list's pages are not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';

describe.each(testDatabaseKinds)('the whole report list on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', trustProxy: 1 },
      limits: { wholeListsPerMinute: 3 },
    });
    const form = await multipartBody(
      { what3words: 'rally.census.refuse' },
      { photo: { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' } },
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/reports', ...form })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const list = (client: string, headers: Record<string, string> = {}, url = '/api/reports') =>
    t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': client, ...headers } });

  it('is sent to one client a few times a minute; then 429 says when, while 304s, pages and other clients go on', async () => {
    const greedy = '203.0.113.5';
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await list(greedy));
    expect(sent.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const etag = sent[0]!.headers.etag as string;

    const refused = await list(greedy);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^The whole list of reports has been sent to this connection/);

    // Revalidating costs nothing, and is never refused; nor is a page of the management list.
    for (let i = 0; i < 5; i++) expect((await list(greedy, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await list(greedy, {}, '/api/reports?status=all')).statusCode).toBe(200);
    // Another client is not held back by the first.
    expect((await list('198.51.100.7')).statusCode).toBe(200);
  });
});
