// Text with control characters is refused at the door on each database, in JSON bodies and multipart
// forms alike (both are parsed with the shared contracts), with a 400 that names the field, and
// nothing is kept: no row, no photo file, no e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { keepingMailer, type KeptMail } from '#tests/volunteers.ts';

describe.each(testDatabaseKinds)('free text on %s', (kind) => {
  let t: TestApp;
  let mail: KeptMail;
  beforeAll(async () => {
    mail = keepingMailer();
    t = await buildTestApp(kind, { mailer: mail });
  });
  afterAll(() => t.close());

  it('a report whose description holds an escape character is refused with 400, keeping no report and no photo', async () => {
    const { payload, headers } = await multipartBody(
      { what3words: 'bleak.exhaust.jewel', description: 'Tag on the wall\u001b[2J' },
      { photo: { data: await plainJpeg(), name: 'graffiti.jpg', type: 'image/jpeg' } },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The description must not contain control characters (line breaks and tabs are allowed).',
    );
    expect(await t.database.db.selectFrom('reports').select('id').execute()).toEqual([]);
    expect(t.storedPhotos()).toEqual([]);
  });

  it('a report whose three words hold a line break inside them is refused with 400', async () => {
    const { payload, headers } = await multipartBody(
      { what3words: 'bleak.\nexhaust.jewel' },
      { photo: { data: await plainJpeg(), name: 'graffiti.jpg', type: 'image/jpeg' } },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The three-word location must not contain control characters such as line breaks.',
    );
    expect(t.storedPhotos()).toEqual([]);
  });

  it('a volunteer name with a line break is refused at sign-in, and no e-mail is sent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers/auth/signin',
      payload: { email: 'ailsa@example.org', name: 'Ailsa\r\nBcc: everyone@example.org' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your name must not contain control characters such as line breaks.');
    expect(mail.messages).toEqual([]);
    expect(await t.database.db.selectFrom('volunteers').select('id').execute()).toEqual([]);
  });
});
