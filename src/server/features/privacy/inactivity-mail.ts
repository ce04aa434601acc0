// The e-mail to a volunteer whose account has not been used for years: it will be erased on a given
// day unless they sign in before then.
import { escapeHtml } from '#server/mail/escape-html.ts';
import { link, mailOf, strong, textOnly } from '#server/mail/mail-body.ts';
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
  return mailOf({
    to: input.to,
    subject: `Your Clean Up Edinburgh account will be erased on ${day}`,
    body: [
      [input.name ? `Hello ${input.name},` : 'Hello,'],
      [
        `You have not signed in to your Clean Up Edinburgh volunteer account for ${input.inactiveYears}.`,
        ['We do not keep personal data longer than we need it, so we will erase your account on ', strong(day), '.'],
      ],
      [
        [
          textOnly('To keep your account, sign in before then:\n'),
          link(signIn, 'Sign in to keep your account', { lead: '' }),
        ],
      ],
      [
        [
          'If you would like a copy of your data first, sign in and choose ',
          { text: '"Download my data"', html: '<strong>Download my data</strong>' },
          ' on your ',
          { text: `dashboard:\n${dashboard}`, html: `<a href="${escapeHtml(dashboard)}">volunteer dashboard</a>.` },
        ],
      ],
      [
        [
          'If you do nothing, your name, e-mail address and alert choices will be deleted. The clean-ups you did',
          { text: '\n', html: ' ' },
          'stay in the city totals, with nothing linking them to you.',
        ],
      ],
      [input.operatorName],
    ],
    headers: { 'Auto-Submitted': 'auto-generated' },
  });
}
