// The request log never holds a private link: status pages by token, and the e-mailed confirm and
// unsubscribe links, are logged with the token hidden, whatever answer the request got.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { hidePrivateTokens } from './request-log.ts';

describe.each(testDatabaseKinds)('the request log on %s', (kind) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await buildTestApp(kind, { logger: { level: 'debug', stream } });
  });
  afterAll(() => t.close());

  it('logs each request to a private link with its token hidden', async () => {
    const { payload, headers } = await multipartBody(
      { what3words: 'rally.census.refuse' },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const report = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    const token = report.json().statusToken as string;
    const linkToken = 'Zx9_private-link-token-0123456789abcdefghijk';
    lines.length = 0;
    const urls = [
      `/api/report-status/${token}`,
      `/report/${token}`,
      `/report/${token}/`,
      `/api/report-follow/confirm?token=${linkToken}`,
      `/api/report-follow/unsubscribe?other=1&token=${linkToken}`,
      `/api/alerts/unsubscribe?token=${linkToken}`,
      `/api/events/unsubscribe?token=${linkToken}`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    await t.app.inject({
      method: 'POST',
      url: `/api/report-status/${token}/follow`,
      payload: { email: 'a@example.org' },
    });

    const log = lines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toContain(linkToken);
    // Each request is still there, told apart by its path.
    const logged = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string; method: string } })
      .filter((line) => line.msg === 'incoming request')
      .map((line) => `${line.req!.method} ${line.req!.url}`);
    expect(logged).toEqual([
      'GET /api/report-status/[hidden]',
      'GET /report/[hidden]',
      'GET /report/[hidden]/',
      'GET /api/report-follow/confirm?token=[hidden]',
      'GET /api/report-follow/unsubscribe?other=1&token=[hidden]',
      'GET /api/alerts/unsubscribe?token=[hidden]',
      'GET /api/events/unsubscribe?token=[hidden]',
      'POST /api/report-status/[hidden]/follow',
    ]);
  });
});

describe('hiding private tokens in a logged URL', () => {
  it('leaves every other URL as it was', () => {
    for (const url of ['/', '/api/reports?status=reported', '/report', '/events/12', '/api/reports/7/photos']) {
      expect(hidePrivateTokens(url)).toBe(url);
    }
  });

  it('hides a token however the query is written', () => {
    expect(hidePrivateTokens('/api/alerts/unsubscribe?TOKEN=abc&x=1')).toBe(
      '/api/alerts/unsubscribe?TOKEN=[hidden]&x=1',
    );
    expect(hidePrivateTokens('/api/alerts/unsubscribe?token=a&token=b')).toBe(
      '/api/alerts/unsubscribe?token=[hidden]&token=[hidden]',
    );
    expect(hidePrivateTokens('//report/abc')).toBe('//report/[hidden]');
  });
});
