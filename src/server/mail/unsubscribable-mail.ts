// The envelope of every e-mail a person can stop with one click: the text and HTML bodies end with why
// they get it and the unsubscribe link, and the List-Unsubscribe headers (RFC 2369, RFC 8058) carry the
// same link, so a mail app's own 'Unsubscribe' button works too.
import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

export interface UnsubscribableMail {
  to: string;
  subject: string;
  /** The text body's lines, before the footer. */
  lines: string[];
  /** The HTML body, before the footer (already escaped). */
  htmlBody: string;
  /** Why this person gets the e-mail. */
  why: string;
  unsubscribeUrl: string;
  /** What the link stops, as in 'Stop e-mails about this report'. */
  stops: string;
}

export function unsubscribableMail({
  to,
  subject,
  lines,
  htmlBody,
  why,
  unsubscribeUrl,
  stops,
}: UnsubscribableMail): MailMessage {
  const text = [...lines, '', '--', why, `Stop e-mails about ${stops} with one click: ${unsubscribeUrl}`].join('\n');
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
${htmlBody}
<hr>
<p style="color:#475569;font-size:14px">${escapeHtml(why)}<br>
<a href="${escapeHtml(unsubscribeUrl)}">Stop e-mails about ${escapeHtml(stops)}</a></p>
</body></html>`;
  return {
    to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
