import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { logMailer, smtpMailer } from './mailer.ts';

describe('the mailer', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp.close());

  it('delivers over real SMTP with the configured sender, subject, text and headers', async () => {
    const mailer = smtpMailer(smtp.url, 'Clean Up Edinburgh <no-reply@cleanupedinburgh.org>', { ignoreTLS: true });
    await mailer.send({
      to: 'Ailsa@Example.org',
      subject: 'Your sign-in code',
      text: 'Your code is 123456',
      headers: { 'List-Unsubscribe': '<https://x/u>' },
    });
    const mail = await smtp.waitFor('ailsa@example.org');
    expect(mail).toMatchObject({ from: 'no-reply@cleanupedinburgh.org', subject: 'Your sign-in code' });
    expect(mail.text.trim()).toBe('Your code is 123456');
    expect(mail.headers['list-unsubscribe']).toBe('<https://x/u>');
  });

  it('without SMTP the mail is written to the log, so a local user can still read it', async () => {
    const lines: string[] = [];
    await logMailer({ info: (_obj: unknown, msg?: string) => void lines.push(msg ?? '') } as never).send({
      to: 'a@b.c',
      subject: 's',
      text: 'Your code is 654321',
    });
    expect(lines.join('\n')).toContain('Your code is 654321');
  });
});
