// The sign-in e-mail: the 6-digit code to type on the sign-in page, and a link to a page with one
// 'Continue' button. The token rides in the link's fragment, so it never reaches a server log or a
// Referer header; only the page's POST spends it (mail scanners open links, but do not press buttons).
import { escapeHtml } from '#server/mail/escape-html.ts';
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
  const link = signInLink(input);
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Your Clean Up Edinburgh sign-in code is: ${input.code}`,
    '',
    'Type it on the sign-in page, or open this link and press Continue:',
    link,
    '',
    `The code and the link work once, for the next ${input.validMinutes} minutes.`,
    'If you did not ask to sign in to Clean Up Edinburgh, you can ignore this e-mail: nothing happens without the code or the link.',
    '',
    'Clean Up Edinburgh',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#142a46;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>Your Clean Up Edinburgh sign-in code is:</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${input.code}</p>
<p>Type it on the sign-in page, or open this link and press <strong>Continue</strong>:</p>
<p><a href="${escapeHtml(link)}" style="color:#1e3a5f;font-weight:600">Sign in to Clean Up Edinburgh</a></p>
<p>The code and the link work once, for the next ${input.validMinutes} minutes.</p>
<p style="color:#475569">If you did not ask to sign in to Clean Up Edinburgh, you can ignore this e-mail: nothing happens without the code or the link.</p>
</body></html>`;
  return {
    to: input.to,
    subject: `${input.code} is your Clean Up Edinburgh sign-in code`,
    text,
    html,
    // Automated mail: no out-of-office replies.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
