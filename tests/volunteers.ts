// Test helpers for the volunteer journey: a movable clock, a mailer that keeps what it sends (for
// suites that are not about e-mail; the sign-in suite itself uses the real SMTP peer), signing a
// volunteer in through the real code flow, and reports placed at known coordinates.
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { Mailer, MailMessage } from '#server/mail/mailer.ts';
import { SESSION_COOKIES } from '#server/plugins/auth.ts';

export interface MovableClock {
  now(): Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function movableClock(start = new Date('2026-11-21T10:00:00Z')): MovableClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (date) => {
      now = date.getTime();
    },
  };
}

export interface KeptMail extends Mailer {
  messages: MailMessage[];
}

export function keepingMailer(): KeptMail {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
  };
}

/** The 6-digit code and the link's token in a sign-in e-mail's text. */
export function readSignInMail(text: string): { code: string; token: string; link: string } {
  const code = /sign-in code is: (\d{6})/.exec(text)?.[1];
  const link = /(https?:\/\/\S+\/volunteers\/signin\/continue#\S+)/.exec(text)?.[1];
  const token = link ? new URLSearchParams(link.split('#')[1]).get('token') : null;
  if (!code || !link || !token) throw new Error(`not a sign-in e-mail:\n${text}`);
  return { code, token, link };
}

/** Signs a volunteer in through the real sign-in and code calls; answers the cookie header to send. */
export async function signInVolunteer(
  app: FastifyInstance,
  mailer: KeptMail,
  email: string,
  name?: string,
  /** Accept this year's safety briefing as someone 16 or over, as a volunteer does before their first claim. */
  { briefing = true }: { briefing?: boolean } = {},
): Promise<string> {
  const asked = await app.inject({ method: 'POST', url: '/api/volunteers/auth/signin', payload: { email, name } });
  if (asked.statusCode !== 200) throw new Error(`sign-in failed: ${asked.statusCode} ${asked.body}`);
  const mail = [...mailer.messages].reverse().find((m) => m.to === email.toLowerCase());
  const { code } = readSignInMail(mail!.text);
  const verified = await app.inject({ method: 'POST', url: '/api/volunteers/auth/verify', payload: { email, code } });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  const cookie = sessionCookie(verified);
  if (briefing) {
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/volunteers/safety',
      payload: { ageBand: '16-or-over' },
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    if (accepted.statusCode !== 200) throw new Error(`briefing failed: ${accepted.statusCode} ${accepted.body}`);
  }
  return cookie;
}

export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const found = response.cookies.find((c) => c.name === SESSION_COOKIES.volunteer);
  if (!found) throw new Error('no volunteer session cookie');
  return `${SESSION_COOKIES.volunteer}=${found.value}`;
}

/** A report at a known place, straight into the table (its photo key names no file). */
export async function placeReport(
  db: Db,
  fields: {
    latitude: number | null;
    longitude: number | null;
    what3words?: string;
    status?: 'reported' | 'cleaning' | 'completed';
    reportedAt?: string;
  },
): Promise<number> {
  const at = fields.reportedAt ?? '2026-11-20T09:00:00.000Z';
  const row = await db
    .insertInto('reports')
    .values({
      what3words: fields.what3words ?? 'index.home.raft',
      description: null,
      photo_key: `fixture${Math.random().toString(36).slice(2, 10)}`,
      status: fields.status ?? 'reported',
      reported_at: at,
      updated_at: at,
      latitude: fields.latitude,
      longitude: fields.longitude,
      location_source: fields.latitude === null ? null : 'device',
      words_scheme: 'grid',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
