// The operator's Prometheus scrape: off unless METRICS_TOKEN is set, behind that Bearer token, and
// counting requests by route pattern (never by URL), the outbox backlog, photo timings and the pool.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { enqueueJob } from '#server/jobs/outbox.repository.ts';
import { ConfigError, loadConfig } from '#server/config.ts';

const TOKEN = 'scrape-token-0123456789abcdef';

/** The value of one series in the exposition text (labels as written, in order), or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabaseKinds)('metrics on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const scrape = () => t!.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('without a token configured, /metrics does not exist', async () => {
    t = await buildTestApp(kind);
    const answer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(404);
  });

  it('asks for the token, and refuses a wrong one', async () => {
    t = await buildTestApp(kind, { config: configWithToken() });
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_requests_total');
  });

  it('counts requests by route pattern and status, never by the URL asked for', async () => {
    t = await buildTestApp(kind, { config: configWithToken() });
    for (const id of [1, 2, 3]) await t.app.inject({ method: 'GET', url: `/api/reports/${id}/photos` });
    await t.app.inject({ method: 'GET', url: '/api/stats' });
    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(valueOf(text, 'http_requests_total{method="GET",route="/api/reports/:id/photos",status_code="404"}')).toBe(
      3,
    );
    expect(valueOf(text, 'http_requests_total{method="GET",route="/api/stats",status_code="200"}')).toBe(1);
    expect(
      valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/stats",status_code="200"}'),
    ).toBe(1);
    expect(text).not.toContain('/api/reports/2/photos');
  });

  it('shows the outbox backlog and how long the photos took', async () => {
    t = await buildTestApp(kind, { config: configWithToken() });
    const now = new Date().toISOString();
    await enqueueJob(t.database.db, { kind: 'test-job', payload: {}, runAfter: now, now });
    await enqueueJob(t.database.db, { kind: 'test-job', payload: {}, runAfter: now, now });
    const { payload, headers } = await multipartBody(
      { what3words: 'bleak.exhaust.jewel' },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const report = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(report.statusCode).toBe(201);

    const text = (await scrape()).body;
    expect(valueOf(text, 'outbox_pending_jobs')).toBeGreaterThanOrEqual(2);
    // Every periodic job is named, none has run in a test app, and the outbox's backlog is its queue.
    for (const job of ['outbox', 'lapsed-claims', 'retention', 'orphan-photo-sweep']) {
      expect(valueOf(text, `job_last_run_timestamp_seconds{job="${job}",failed="false"}`)).toBe(0);
    }
    expect(valueOf(text, 'job_backlog{job="outbox"}')).toBeGreaterThanOrEqual(2);
    await t.app.jobs.run('lapsed-claims');
    const later = (await scrape()).body;
    expect(valueOf(later, 'job_last_run_timestamp_seconds{job="lapsed-claims",failed="false"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'photo_processing_seconds_count')).toBe(1);
    expect(valueOf(text, 'photo_queue_wait_seconds_count')).toBe(1);
    expect(valueOf(text, 'photo_processing_seconds_sum')).toBeGreaterThan(0);
    if (kind === 'postgres') {
      expect(valueOf(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_connections');
    }
  });

  it('two apps in one process keep their own counts', async () => {
    t = await buildTestApp(kind, { config: configWithToken() });
    const other = await buildTestApp(kind, { config: configWithToken() });
    try {
      await other.app.inject({ method: 'GET', url: '/api/stats' });
      await other.app.inject({ method: 'GET', url: '/api/stats' });
      await t.app.inject({ method: 'GET', url: '/api/stats' });
      expect(
        valueOf((await scrape()).body, 'http_requests_total{method="GET",route="/api/stats",status_code="200"}'),
      ).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('a short token stops the start with one line naming it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(
      'Configuration error: METRICS_TOKEN must be at least 16 characters (a long random secret)',
    );
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});

function configWithToken() {
  return {
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent' as const,
    trustProxy: undefined,
    metricsToken: TOKEN,
  };
}
