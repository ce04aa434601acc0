// Partner apps' Open311 API keys, on both databases: an administrator issues a named key (shown once,
// kept only as its hash), lists and revokes it; each change is in the audit log; no one else may.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { adminCookies, volunteerSession, type Cookies } from '#tests/sessions.ts';

describe.each(testDatabaseKinds)('Open311 API keys on %s', (kind) => {
  let t: TestApp;
  let admin: Cookies;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await adminCookies(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookies: Cookies = admin) =>
    t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });

  it('issues a named key once, keeps only its hash, lists it and revokes it, each audited', async () => {
    const issued = await call('POST', '/api/admin/open311/keys', { name: 'FixMyStreet Edinburgh' });
    expect(issued.statusCode).toBe(201);
    const { key, secret } = issued.json();
    expect(secret).toMatch(/^cue311_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'FixMyStreet Edinburgh', hint: secret.slice(-4), revokedAt: null, requests: 0 });

    const stored = await t.database.db.selectFrom('open311_api_keys').selectAll().execute();
    expect(stored.map((row) => row.key_hash)).toContain(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(secret);

    const list = await call('GET', '/api/admin/open311/keys');
    expect(list.headers['cache-control']).toContain('no-store');
    expect(list.json()).toEqual([expect.objectContaining({ id: key.id, name: 'FixMyStreet Edinburgh' })]);
    expect(list.body).not.toContain(secret);

    const revoked = await call('POST', `/api/admin/open311/keys/${key.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await call('POST', '/api/admin/open311/keys/999999/revoke')).statusCode).toBe(404);

    const log = (await call('GET', '/api/admin/audit-log')).json().entries as { action: string; detail: object }[];
    expect(log.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['open311.key.issue', 'open311.key.revoke']),
    );
    expect(JSON.stringify(log)).not.toContain(secret);
  });

  it('refuses a key without a partner name, and anyone but an administrator', async () => {
    const blank = await call('POST', '/api/admin/open311/keys', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Enter the partner name.');
    const { cookies: volunteer } = await volunteerSession(t.database, 'partner-curious@example.org');
    expect((await call('POST', '/api/admin/open311/keys', { name: 'Sneaky' }, volunteer)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/open311/keys', undefined, {})).statusCode).toBe(401);
  });
});
