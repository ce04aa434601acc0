// Outgoing e-mail: nodemailer over SMTP_URL, or, with none set, the log (a developer's outbox), so a
// local user can still sign in by reading the code from the server's output.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string, options: { ignoreTLS?: boolean } = {}): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ignoreTLS: options.ignoreTLS });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function logMailer(log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(message) {
      log.info(
        { mail: { to: message.to, subject: message.subject } },
        `E-mail (no SMTP_URL set, so written here):\n${message.text}`,
      );
    },
  };
}
