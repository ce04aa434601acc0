// The envelope of every e-mail a person can stop with one click: the text and HTML bodies end with why
// they get it and the unsubscribe link, and the List-Unsubscribe headers (RFC 2369, RFC 8058) carry the
// same link, so a mail app's own 'Unsubscribe' button works too.
import { link, mailOf, type Block, type Piece } from './mail-body.ts';
import type { MailMessage } from './mailer.ts';

export interface UnsubscribableMail {
  to: string;
  subject: string;
  body: Block[];
  /** Why this person gets the e-mail. */
  why: string;
  unsubscribeUrl: string;
  /** The unsubscribe link's words, as in 'Stop e-mails about this report'. */
  stop: string;
  /** Other links on the unsubscribe link's line, before it. */
  also?: Piece[];
}

export function unsubscribableMail({
  to,
  subject,
  body,
  why,
  unsubscribeUrl,
  stop,
  also = [],
}: UnsubscribableMail): MailMessage {
  return mailOf({
    to,
    subject,
    body,
    footer: [why, [...also, link(unsubscribeUrl, stop, { lead: `${stop} with one click`, bold: false })]],
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}
