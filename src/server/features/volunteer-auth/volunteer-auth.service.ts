// Passwordless, proven sign-in: an e-mail with a one-time link and a 6-digit code, valid
// 10 minutes, single use, stored only as hashes. A code allows 5 wrong tries; an address gets at most
// 3 e-mails per 15 minutes. The answer to a sign-in request is the same whether the address was known.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Volunteer } from '#shared/contracts/volunteer-auth.ts';
import { signInMessages } from '#shared/domain/volunteer-messages.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { toIsoOrNull } from '#server/db/tables.ts';
import { AppError, ValidationError } from '#server/errors.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { findOrRegisterVolunteer, volunteersRepository, type VolunteerRow } from '#server/features/volunteers/index.ts';
import { signInMail } from './sign-in-mail.ts';
import { signInTokensRepository } from './sign-in-tokens.repository.ts';
import { SIGN_IN_CODE_DIGITS } from '#shared/domain/limits.ts';

const MINUTE = 60_000;
const SIGN_IN_VALID_MINUTES = 10;
const SIGN_IN_MAILS_PER_WINDOW = 3;
const SIGN_IN_MAIL_WINDOW_MS = 15 * MINUTE;
const MAX_WRONG_CODES = 5;
/** The mail server did not take the e-mail: the sign-in is worth asking for again shortly. */
const MAIL_RETRY_AFTER_SECONDS = 30;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The code is hashed with its own token's hash as salt, so equal codes never share a hash. */
const codeHash = (tokenHash: string, code: string) => sha256(`${tokenHash}:${code}`);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function toVolunteerResponse(row: VolunteerRow): Volunteer {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    joinedAt: toIsoOrNull(row.joined_at),
    lastActiveAt: toIsoOrNull(row.last_active_at),
  };
}

export interface VolunteerAuthDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export function volunteerAuthService({ db, clock, mailer, publicUrl, log }: VolunteerAuthDeps) {
  const tokens = signInTokensRepository(db);
  const volunteers = volunteersRepository(db);
  const invalidCode = () => new ValidationError(signInMessages.codeInvalid, { title: signInMessages.failedTitle });
  const invalidLink = () => new ValidationError(signInMessages.linkInvalid, { title: signInMessages.failedTitle });

  async function finishSignIn(volunteerId: number, now: Date): Promise<VolunteerRow> {
    await tokens.spendAllOf(volunteerId, now.toISOString());
    await volunteers.touchLastActive(volunteerId, now.toISOString());
    return (await volunteers.findById(volunteerId))!;
  }

  return {
    /** Registers the address at first use and e-mails a link and a code. */
    async requestSignIn(input: { email: string; name: string | null; next?: string }) {
      const now = clock.now();
      const { volunteer } = await findOrRegisterVolunteer(db, { email: input.email, name: input.name }, now);
      const sent = await tokens.sentSince(volunteer.id, new Date(now.getTime() - SIGN_IN_MAIL_WINDOW_MS).toISOString());
      if (sent.count >= SIGN_IN_MAILS_PER_WINDOW && sent.oldest) {
        const waitMs = Math.max(1_000, new Date(sent.oldest).getTime() + SIGN_IN_MAIL_WINDOW_MS - now.getTime());
        // Someone else asking for this address's e-mails must not lock its owner out: a code already
        // sent keeps working, and the page goes on to ask for it; only no new e-mail is sent.
        const liveUntil = await tokens.liveUntil(volunteer.id, now.toISOString(), MAX_WRONG_CODES);
        if (liveUntil) {
          const validMinutes = Math.max(1, Math.floor((new Date(liveUntil).getTime() - now.getTime()) / MINUTE));
          return {
            email: volunteer.email,
            message: signInMessages.alreadySent(volunteer.email, validMinutes, Math.ceil(waitMs / MINUTE)),
            expiresInMinutes: validMinutes,
            sent: false,
          };
        }
        throw new AppError(429, signInMessages.tooManyMails(Math.ceil(waitMs / MINUTE)), {
          title: signInMessages.failedTitle,
          headers: { 'Retry-After': String(Math.ceil(waitMs / 1000)) },
        });
      }
      const token = randomBytes(32).toString('base64url');
      const code = String(randomInt(0, 10 ** SIGN_IN_CODE_DIGITS)).padStart(SIGN_IN_CODE_DIGITS, '0');
      const tokenHash = sha256(token);
      const id = await tokens.insert({
        volunteerId: volunteer.id,
        tokenHash,
        codeHash: codeHash(tokenHash, code),
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + SIGN_IN_VALID_MINUTES * MINUTE).toISOString(),
      });
      try {
        await mailer.send(
          signInMail({
            to: volunteer.email,
            name: volunteer.name,
            code,
            token,
            next: input.next,
            publicUrl,
            validMinutes: SIGN_IN_VALID_MINUTES,
          }),
        );
      } catch (error) {
        // An e-mail that never left does not count against the address.
        await tokens.remove(id);
        log.error({ err: error }, 'sign-in e-mail could not be sent');
        throw new AppError(503, signInMessages.mailFailed, {
          title: signInMessages.failedTitle,
          headers: { 'Retry-After': String(MAIL_RETRY_AFTER_SECONDS) },
        });
      }
      await tokens.removeExpiredBefore(new Date(now.getTime() - 24 * 60 * MINUTE).toISOString());
      return {
        email: volunteer.email,
        message: `Check your e-mail: we have sent a sign-in link and a 6-digit code to ${volunteer.email}. They work for ${SIGN_IN_VALID_MINUTES} minutes.`,
        expiresInMinutes: SIGN_IN_VALID_MINUTES,
        sent: true,
      };
    },

    /** The volunteer whose live code this is; a wrong code counts against every live code of the address. */
    async verifyCode(email: string, code: string): Promise<VolunteerRow> {
      const now = clock.now();
      const volunteer = await volunteers.findByEmail(email);
      if (!volunteer) throw invalidCode();
      // Every try is counted before the code is compared; the one that matches is then spent.
      const tried = await tokens.takeTry(volunteer.id, now.toISOString(), MAX_WRONG_CODES);
      const match = tried.find((row) => sameHash(row.code_hash, codeHash(row.token_hash, code)));
      if (!match) throw invalidCode();
      if (!(await tokens.spend(match.id, now.toISOString()))) throw invalidCode();
      return finishSignIn(volunteer.id, now);
    },

    /** The volunteer whose e-mailed link this is (the 'Continue' button's POST). */
    async continueWithLink(token: string): Promise<VolunteerRow> {
      const now = clock.now();
      const row = await tokens.findByTokenHash(sha256(token));
      if (!row || row.used_at !== null || new Date(row.expires_at).getTime() <= now.getTime()) throw invalidLink();
      if (!(await tokens.spend(row.id, now.toISOString()))) throw invalidLink();
      return finishSignIn(row.volunteer_id, now);
    },

    async volunteerById(id: number): Promise<VolunteerRow | undefined> {
      return volunteers.findById(id);
    },
  };
}

export type VolunteerAuthService = ReturnType<typeof volunteerAuthService>;
