// The one error handler: what a client hears when the body it sent is too large.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';

describe('a request body that is too large', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('a JSON body over 1 MB gets 413 saying the data was too large, not that a photo was', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.org', name: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request is too large: at most 1 MB of data may be sent at once.',
    });
  });
});
