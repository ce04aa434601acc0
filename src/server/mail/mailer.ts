// Outgoing e-mail: nodemailer over SMTP_URL, or, with none set, the log (a developer's outbox), so a
// local user can still sign in by reading the code from the server's output.
import { z } from 'zod';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** One e-mail, as queued in a job and handed to the mailer. */
export const mailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface SmtpTimeouts {
  /** To open the connection. */
  connectionMs: number;
  /** For the server's greeting once connected. */
  greetingMs: number;
  /** Of silence at any later point. */
  socketMs: number;
}

/**
 * A volunteer waits on the sign-in e-mail, so a mail server that does not answer is given up on within
 * seconds (and the request says so) rather than after nodemailer's minutes; the outbox retries its own.
 */
const defaultSmtpTimeouts: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 20_000 };

export function smtpMailer(
  smtpUrl: string,
  from: string,
  options: { ignoreTLS?: boolean; timeouts?: Partial<SmtpTimeouts> } = {},
): Mailer {
  const timeouts = { ...defaultSmtpTimeouts, ...options.timeouts };
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ignoreTLS: options.ignoreTLS,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
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
