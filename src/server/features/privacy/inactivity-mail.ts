// The e-mail to a volunteer whose account has not been used for years: it will be erased on a given
// day unless they sign in before then.
import { escapeHtml } from '#server/mail/escape-html.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { formatDate } from '#shared/domain/format.ts';
import { routes } from '#shared/routes.ts';

export interface InactivityMailInput {
  to: string;
  name: string | null;
  operatorName: string;
  erasedOn: Date;
  inactiveYears: string;
  publicUrl: string;
}

export function inactivityMail(input: InactivityMailInput): MailMessage {
  const signIn = `${input.publicUrl}${routes.signIn[0]}`;
  const dashboard = `${input.publicUrl}${routes.volunteerDashboard[0]}`;
  const day = formatDate(input.erasedOn.toISOString()) ?? input.erasedOn.toISOString().slice(0, 10);
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const lines = [
    greeting,
    '',
    `You have not signed in to your Clean Up Edinburgh volunteer account for ${input.inactiveYears}.`,
    `We do not keep personal data longer than we need it, so we will erase your account on ${day}.`,
    '',
    'To keep your account, sign in before then:',
    signIn,
    '',
    'If you would like a copy of your data first, sign in and choose "Download my data" on your dashboard:',
    dashboard,
    '',
    'If you do nothing, your name, e-mail address and alert choices will be deleted. The clean-ups you did',
    'stay in the city totals, with nothing linking them to you.',
    '',
    input.operatorName,
  ];
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;color:#142a46;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>You have not signed in to your Clean Up Edinburgh volunteer account for ${escapeHtml(input.inactiveYears)}.
We do not keep personal data longer than we need it, so we will erase your account on <strong>${escapeHtml(day)}</strong>.</p>
<p><a href="${escapeHtml(signIn)}" style="color:#1e3a5f;font-weight:600">Sign in to keep your account</a></p>
<p>If you would like a copy of your data first, sign in and choose <strong>Download my data</strong> on your
<a href="${escapeHtml(dashboard)}">volunteer dashboard</a>.</p>
<p>If you do nothing, your name, e-mail address and alert choices will be deleted. The clean-ups you did stay in
the city totals, with nothing linking them to you.</p>
<p>${escapeHtml(input.operatorName)}</p>
</body></html>`;
  return {
    to: input.to,
    subject: `Your Clean Up Edinburgh account will be erased on ${day}`,
    text: lines.join('\n'),
    html,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
