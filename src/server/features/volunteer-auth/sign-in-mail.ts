// The sign-in e-mail: the 6-digit code to type on the sign-in page, and a link to a page with one
// 'Continue' button. The token rides in the link's fragment, so it never reaches a server log or a
// Referer header; only the page's POST spends it (mail scanners open links, but do not press buttons).
import { link, mailOf, strong, textOnly } from '#server/mail/mail-body.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { routes } from '#shared/routes.ts';

export interface SignInMailInput {
  to: string;
  name: string | null;
  code: string;
  token: string;
  next?: string;
  publicUrl: string;
  validMinutes: number;
}

function signInLink({ publicUrl, token, next }: Pick<SignInMailInput, 'publicUrl' | 'token' | 'next'>): string {
  const fragment = new URLSearchParams({ token, ...(next ? { next } : {}) });
  return `${publicUrl}${routes.signInLink}#${fragment.toString()}`;
}

export function signInMail(input: SignInMailInput): MailMessage {
  const code = {
    text: ` ${input.code}`,
    html: `<br>\n<span style="font-size:28px;font-weight:700;letter-spacing:6px">${input.code}</span>`,
  };
  return mailOf({
    to: input.to,
    subject: `${input.code} is your Clean Up Edinburgh sign-in code`,
    body: [
      [input.name ? `Hello ${input.name},` : 'Hello,'],
      [['Your Clean Up Edinburgh sign-in code is:', code]],
      [
        ['Type it on the sign-in page, or open this link and press ', strong('Continue'), ':'],
        link(signInLink(input), 'Sign in to Clean Up Edinburgh', { lead: '' }),
      ],
      [
        `The code and the link work once, for the next ${input.validMinutes} minutes.`,
        'If you did not ask to sign in to Clean Up Edinburgh, you can ignore this e-mail: nothing happens without the code or the link.',
      ],
      [textOnly('Clean Up Edinburgh')],
    ],
    // Automated mail: no out-of-office replies.
    headers: { 'Auto-Submitted': 'auto-generated' },
  });
}
